import { CODE_MAX_LENGTH, MAX_INT, MAX_PRICE } from './column-limits';

/**
 * The line grammar of bulk code uploads (common/src/api/admin-codes.ts, admin-pubg.ts): one reading for the back
 * office's preview and the server's import, so the preview never calls a line good that the store
 * refuses. Lines arrive without their line break; blank lines are the caller's to skip.
 */

/** What is wrong with a line: the server words it, the preview translates it. */
export type CodeLineProblem =
  | { problem: 'fields'; found: number }
  | { problem: 'code'; reason: 'empty' | 'too_long' | 'not_one_code' }
  | { problem: 'price_usd' | 'price_rub'; text: string; reason: 'not_a_number' | 'too_many_decimals' | 'too_large' }
  | { problem: 'game_amount'; text: string };

export type CodeLineReading<Fields> = { code: string; fields: Fields } | CodeLineProblem;

export interface ManualCodeFields {
  /** Minor units. */
  priceUsd: number;
  priceRub: number;
  gameAmount: number;
}

function readCode(raw: string): { code: string } | CodeLineProblem {
  const code = raw.trim();
  if (code === '') return { problem: 'code', reason: 'empty' };
  if (code.length > CODE_MAX_LENGTH) return { problem: 'code', reason: 'too_long' };
  return { code };
}

/** A decimal price of the file ("4.99") in minor units, without going through a float. */
function readPrice(text: string, problem: 'price_usd' | 'price_rub'): { minor: number } | CodeLineProblem {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { problem, text, reason: 'not_a_number' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { problem, text, reason: 'too_many_decimals' };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (minor > MAX_PRICE * 100) return { problem, text, reason: 'too_large' };
  return { minor };
}

/** A manual code line: `code, USD price, RUB price, game amount`, blanks around the commas allowed. */
export function readManualCodeLine(text: string): CodeLineReading<ManualCodeFields> {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4) return { problem: 'fields', found: parts.length };
  const [rawCode = '', usd = '', rub = '', amount = ''] = parts;
  return readManualCodeFields(rawCode, usd, rub, amount);
}

/** The fields of a manual code, each already cut out of its line (by commas here, by CSV columns on the server). */
export function readManualCodeFields(rawCode: string, usd: string, rub: string, amount: string): CodeLineReading<ManualCodeFields> {
  const code = readCode(rawCode);
  if ('problem' in code) return code;
  const priceUsd = readPrice(usd, 'price_usd');
  if ('problem' in priceUsd) return priceUsd;
  const priceRub = readPrice(rub, 'price_rub');
  if ('problem' in priceRub) return priceRub;
  if (!/^\d+$/.test(amount) || Number(amount) < 1 || Number(amount) > MAX_INT) return { problem: 'game_amount', text: amount };
  return { code: code.code, fields: { priceUsd: priceUsd.minor, priceRub: priceRub.minor, gameAmount: Number(amount) } };
}

/** A PUBG code line: one code, nothing else. */
export function readSingleCodeLine(text: string): CodeLineReading<Record<string, never>> {
  const code = readCode(text);
  if ('problem' in code) return code;
  if (/[\s,]/.test(code.code)) return { problem: 'code', reason: 'not_one_code' };
  return { code: code.code, fields: {} };
}
