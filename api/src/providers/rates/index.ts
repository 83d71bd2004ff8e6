import type { Config } from '../../config';
import { createCbrRatesProvider } from './cbr.provider';
import type { RatesProvider } from './rates-provider';
import { createSandboxRatesProvider } from './sandbox.provider';

export * from './rates-provider';
export { RatesFeedError, parseCbrDaily, decodeFeed } from './cbr-feed';
export { CBR_DAILY_URL, createCbrRatesProvider } from './cbr.provider';
export { createSandboxRatesProvider, sandboxFeedDocument, SANDBOX_QUOTES } from './sandbox.provider';

/** Rates providers by their RATES_PROVIDER name; another source is one more entry. */
const RATES_PROVIDERS: Record<string, () => RatesProvider> = {
  sandbox: createSandboxRatesProvider,
  cbr: () => createCbrRatesProvider(),
};

/** The provider config.ratesProvider names; an unknown name stops the start with a clear message. */
export function createRatesProvider(config: Pick<Config, 'ratesProvider'>): RatesProvider {
  const create = Object.hasOwn(RATES_PROVIDERS, config.ratesProvider) ? RATES_PROVIDERS[config.ratesProvider] : undefined;
  if (!create) {
    throw new Error(`Unknown RATES_PROVIDER "${config.ratesProvider}"; available: ${Object.keys(RATES_PROVIDERS).join(', ')}`);
  }
  return create();
}
