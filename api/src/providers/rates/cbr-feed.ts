import type { Fraction, RateTable } from './rates-provider';

/**
 * The Central Bank of Russia's daily rates feed (https://www.cbr.ru/scripts/XML_daily.asp):
 *
 *   <?xml version="1.0" encoding="windows-1251"?>
 *   <ValCurs Date="21.11.2026" name="Foreign Currency Market">
 *     <Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal>
 *       <Name>Доллар США</Name><Value>79,1234</Value><VunitRate>79,1234</VunitRate></Valute>
 *     ...
 *
 * Each Valute says that `Nominal` units of the currency cost `Value` roubles, with a decimal comma
 * (100 tenge = 16,4583 roubles). VunitRate (the rounded price of one unit) is ignored: Value and
 * Nominal are exact. The document is flat and machine-written, so it is read with patterns rather
 * than a general XML parser; anything that does not fit them is refused, never half read.
 */

export class RatesFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RatesFeedError';
  }
}

const VALCURS_DATE = /<ValCurs\b[^>]*\bDate="(\d{2})\.(\d{2})\.(\d{4})"/;
const VALUTE = /<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g;

function element(block: string, name: string): string | undefined {
  return new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(block)?.[1];
}

/** "16,4583" (or "16.4583") roubles for `nominal` units, as an exact fraction per one unit. */
function perUnit(value: string, nominal: string): Fraction | undefined {
  const valueMatch = /^(\d+)(?:[,.](\d+))?$/.exec(value);
  if (!valueMatch || !/^\d+$/.test(nominal)) return undefined;
  const [, whole = '0', decimals = ''] = valueMatch;
  const units = BigInt(nominal);
  const numerator = BigInt(whole + decimals);
  if (units === 0n || numerator === 0n) return undefined;
  return { numerator, denominator: 10n ** BigInt(decimals.length) * units };
}

/** Reads a decoded feed document into roubles per unit of each currency it quotes. */
export function parseCbrDaily(xml: string): RateTable {
  const date = VALCURS_DATE.exec(xml);
  if (!date) throw new RatesFeedError('The rates feed has no <ValCurs Date="dd.mm.yyyy"> element');
  const [, day, month, year] = date;

  const quotes = new Map<string, Fraction>();
  for (const [, block = ''] of xml.matchAll(VALUTE)) {
    const code = element(block, 'CharCode');
    const nominal = element(block, 'Nominal');
    const value = element(block, 'Value');
    const rate = code && nominal && value && /^[A-Z]{3}$/.test(code) ? perUnit(value, nominal) : undefined;
    if (!code || !rate) {
      throw new RatesFeedError(`The rates feed has a malformed <Valute>: ${block.slice(0, 200)}`);
    }
    quotes.set(code.toLowerCase(), rate);
  }
  if (quotes.size === 0) throw new RatesFeedError('The rates feed quotes no currency');
  return { base: 'rub', date: `${year}-${month}-${day}`, quotes };
}

/**
 * Decodes the feed's bytes by the charset the response or the XML declaration names (the bank
 * sends windows-1251), failing on bytes that are not valid in it.
 */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const declared =
    /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1] ??
    /^<\?xml[^>]*\bencoding\s*=\s*["']([\w-]+)["']/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1] ??
    'utf-8';
  let decoder;
  try {
    decoder = new TextDecoder(declared, { fatal: true });
  } catch {
    throw new RatesFeedError(`The rates feed is in an unknown character set: ${declared}`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new RatesFeedError(`The rates feed is not valid ${declared}`);
  }
}

const WINDOWS_1251_YO = { 'Ё': 0xa8, 'ё': 0xb8 } as Record<string, number>;

/**
 * Text to windows-1251, for the letters a feed document uses: ASCII and Russian Cyrillic (А..я map
 * to 0xC0..0xFF). The sandbox serves its feed in the bank's own encoding with it.
 */
export function encodeWindows1251(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes[index] = code;
    else if (code >= 0x410 && code <= 0x44f) bytes[index] = code - 0x410 + 0xc0;
    else if (WINDOWS_1251_YO[char] !== undefined) bytes[index] = WINDOWS_1251_YO[char];
    else throw new RangeError(`Cannot write "${char}" in windows-1251 here`);
  }
  return bytes;
}
