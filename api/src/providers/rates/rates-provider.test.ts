import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_RATES } from '@topup/migrations';
import {
  createCbrRatesProvider,
  createRatesProvider,
  createSandboxRatesProvider,
  parseCbrDaily,
  rateBetween,
  RatesFeedError,
  sandboxFeedDocument,
  type RateTable,
} from './index';
import { recordedCbrDaily } from '../../testing/cbr-feed';

const RECORDED = recordedCbrDaily();

interface StandIn {
  url: string;
  close(): Promise<void>;
}

/** A local stand-in for www.cbr.ru answering every request with `status`, `body` and `contentType`. */
async function feedServer(answer: { status?: number; body: Uint8Array | string; contentType?: string }): Promise<StandIn> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(answer.status ?? 200, answer.contentType ? { 'content-type': answer.contentType } : {});
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/scripts/XML_daily.asp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Central Bank of Russia adapter, against a recorded response', () => {
  let standIn: StandIn;
  let table: RateTable;

  beforeAll(async () => {
    // The bank labels the body windows-1251 in its Content-Type.
    standIn = await feedServer({ body: RECORDED, contentType: 'application/xml; charset=windows-1251' });
    table = await createCbrRatesProvider({ url: standIn.url }).fetchTable();
  });

  afterAll(async () => {
    await standIn?.close();
  });

  it('reads the date and every currency, roubles per one unit', () => {
    expect(table.base).toBe('rub');
    expect(table.date).toBe('2026-11-21');
    expect(table.quotes.size).toBe(16);
    // Comma decimals, Nominal 1.
    expect(table.quotes.get('usd')).toEqual({ numerator: 809_834n, denominator: 10_000n });
    // Nominal 100: 100 tenge cost 15,6290 roubles.
    expect(table.quotes.get('kzt')).toEqual({ numerator: 156_290n, denominator: 1_000_000n });
    // Nominal 10000.
    expect(table.quotes.get('uzs')).toEqual({ numerator: 672_301n, denominator: 100_000_000n });
  });

  it('gives the pairs the store keeps, exact to six decimals (half up)', () => {
    expect(rateBetween(table, 'usd', 'rub')).toBe('80.983400');
    expect(rateBetween(table, 'kzt', 'rub')).toBe('0.156290');
    // 80.9834 / 0.156290 = 518.1611107...
    expect(rateBetween(table, 'usd', 'kzt')).toBe('518.161111');
    // 1 / 80.9834 = 0.01234826...
    expect(rateBetween(table, 'rub', 'usd')).toBe('0.012348');
    // 0.156290 / 80.9834 = 0.00192990...
    expect(rateBetween(table, 'kzt', 'usd')).toBe('0.001930');
    // 80.9834 / 0.00672301 = 12045.7057...
    expect(rateBetween(table, 'usd', 'uzs')).toBe('12045.705718');
    expect(rateBetween(table, 'eur', 'usd')).toBe('1.154023');
  });

  it('cannot price a currency the feed does not quote', () => {
    expect(rateBetween(table, 'usd', 'xau')).toBeUndefined();
    expect(rateBetween(table, 'usd', 'usd')).toBeUndefined();
  });

  it('finds the encoding in the XML declaration when the response names none', async () => {
    const bare = await feedServer({ body: RECORDED });
    try {
      const fromDeclaration = await createCbrRatesProvider({ url: bare.url }).fetchTable();
      expect(fromDeclaration.quotes).toEqual(table.quotes);
    } finally {
      await bare.close();
    }
  });

  it('refuses an error answer and a document that does not fit the format', async () => {
    const down = await feedServer({ status: 503, body: 'Service Unavailable', contentType: 'text/plain' });
    try {
      await expect(createCbrRatesProvider({ url: down.url }).fetchTable()).rejects.toThrow(/HTTP 503/);
    } finally {
      await down.close();
    }
    expect(() => parseCbrDaily('<html><body>Maintenance</body></html>')).toThrow(RatesFeedError);
    expect(() =>
      parseCbrDaily(
        '<ValCurs Date="21.11.2026"><Valute ID="R01235"><CharCode>USD</CharCode><Nominal>1</Nominal><Value>n/a</Value></Valute></ValCurs>',
      ),
    ).toThrow(/malformed <Valute>/);
    expect(() => parseCbrDaily('<ValCurs Date="21.11.2026" name="Foreign Currency Market"></ValCurs>')).toThrow(/quotes no currency/);
  });
});

describe('the sandbox rates provider', () => {
  it('serves the fixed table over HTTP in the bank format and reads back exactly the seeded rates', async () => {
    const table = await createSandboxRatesProvider().fetchTable();
    for (const seeded of CURRENCY_RATES) {
      const expected = Number(seeded.rate).toFixed(6);
      expect({ pair: `${seeded.from_currency}->${seeded.to_currency}`, rate: rateBetween(table, seeded.from_currency, seeded.to_currency) }).toEqual({
        pair: `${seeded.from_currency}->${seeded.to_currency}`,
        rate: expected,
      });
    }
    expect(rateBetween(table, 'usd', 'rub')).toBe('79.000000');
  });

  it('writes its document in windows-1251, as the bank does', () => {
    const bytes = sandboxFeedDocument('2026-11-22');
    const text = new TextDecoder('windows-1251').decode(bytes);
    expect(text).toContain('<ValCurs Date="22.11.2026"');
    expect(text).toContain('<Name>Доллар США</Name>');
    // 'Д' is one byte, 0xC4, in windows-1251.
    expect(bytes.includes(0xc4)).toBe(true);
  });

  it('is what RATES_PROVIDER names, and an unknown name is refused', () => {
    expect(createRatesProvider({ ratesProvider: 'sandbox' }).name).toBe('sandbox');
    expect(createRatesProvider({ ratesProvider: 'cbr' }).name).toBe('cbr');
    expect(() => createRatesProvider({ ratesProvider: 'ecb' })).toThrow(/Unknown RATES_PROVIDER "ecb"/);
  });
});
