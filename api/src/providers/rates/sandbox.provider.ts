import { storeDate } from '@topup/common';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeWindows1251 } from './cbr-feed';
import { createCbrRatesProvider } from './cbr.provider';
import type { RatesProvider } from './rates-provider';

/**
 * The sandbox's fixed table, in the bank's own terms: `nominal` units cost `value` roubles. The
 * nominals are chosen so that the pairs the store keeps come out exactly as the demo seed has them:
 * USD->RUB 79, USD->KZT 480, USD->UZS 12650, and their inverses (RUB->USD 0.012658, KZT->USD
 * 0.002083).
 */
export const SANDBOX_QUOTES = [
  { id: 'R01235', numCode: '840', charCode: 'USD', nominal: 1, name: 'Доллар США', value: '79,0000' },
  { id: 'R01239', numCode: '978', charCode: 'EUR', nominal: 1, name: 'Евро', value: '92,0000' },
  { id: 'R01335', numCode: '398', charCode: 'KZT', nominal: 480, name: 'Казахстанских тенге', value: '79,0000' },
  { id: 'R01717', numCode: '860', charCode: 'UZS', nominal: 12650, name: 'Узбекских сумов', value: '79,0000' },
] as const;

/** The sandbox table as the bank's XML_daily.asp document for `day` (YYYY-MM-DD), windows-1251 encoded. */
export function sandboxFeedDocument(day: string): Uint8Array {
  const [year, month, date] = day.split('-');
  const valutes = SANDBOX_QUOTES.map(
    (quote) =>
      `<Valute ID="${quote.id}"><NumCode>${quote.numCode}</NumCode><CharCode>${quote.charCode}</CharCode>` +
      `<Nominal>${quote.nominal}</Nominal><Name>${quote.name}</Name><Value>${quote.value}</Value></Valute>`,
  ).join('');
  return encodeWindows1251(
    `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${date}.${month}.${year}" name="Foreign Currency Market">${valutes}</ValCurs>`,
  );
}

/**
 * The sandbox rates provider (RATES_PROVIDER=sandbox, the default). Deterministic, and it behaves
 * like the real feed over HTTP: each fetch serves the fixed table as the bank's windows-1251 XML
 * from a stand-in on a loopback port of this process, and reads it with the bank's adapter. So a
 * sandbox store goes through the same request, decoding and parsing as a real one, without
 * depending on where the API runs.
 */
export function createSandboxRatesProvider(): RatesProvider {
  return {
    name: 'sandbox',
    async fetchTable() {
      const server = createServer((request, response) => {
        if (request.method !== 'GET' || !request.url?.startsWith('/scripts/XML_daily.asp')) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' });
        response.end(sandboxFeedDocument(storeDate(new Date())));
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      try {
        const { port } = server.address() as AddressInfo;
        const feed = createCbrRatesProvider({ url: `http://127.0.0.1:${port}/scripts/XML_daily.asp`, name: 'sandbox' });
        return await feed.fetchTable();
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
