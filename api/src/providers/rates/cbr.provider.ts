import { decodeFeed, parseCbrDaily, RatesFeedError } from './cbr-feed';
import type { RatesProvider } from './rates-provider';

/** The bank's feed of today's official rates. */
export const CBR_DAILY_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The Central Bank of Russia adapter (RATES_PROVIDER=cbr): one GET of the daily feed per run. A
 * failure rejects, and the rate-update job retries with back-off; stored rates stay as they were.
 */
export function createCbrRatesProvider(options: { url?: string; timeoutMs?: number; name?: string } = {}): RatesProvider {
  const url = options.url ?? CBR_DAILY_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: options.name ?? 'cbr',
    async fetchTable() {
      const response = await fetch(url, {
        headers: { accept: 'application/xml, text/xml', 'user-agent': 'topup-store rate update' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new RatesFeedError(`The rates feed answered HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return parseCbrDaily(decodeFeed(bytes, response.headers.get('content-type')));
    },
  };
}
