import type { Config } from '../config';
import { PAYME_ENDPOINT_PATH } from '../modules/payme/payme.endpoint';
import { createFixtures } from './fixtures';
import { startTestApp, type TestApp } from './harness';
import { startPaymeStandIn, type PaymeStandIn } from './payme-stand-in';

/** A store paying UZS orders through a Payme stand-in of its own (and USD, RUB and UZS through the sandbox), with its rates. */
export interface PaymeStore {
  app: TestApp;
  payme: PaymeStandIn;
  fixtures: ReturnType<typeof createFixtures>;
  close(): Promise<void>;
}

export const PAYME_TEST_MERCHANT = '5e730e8e0b852a417aa49ceb';
export const PAYME_TEST_KEY = 'test-key-#Zx9&QwErTy';

export async function startPaymeStore(options: { config?: Partial<Config> } = {}): Promise<PaymeStore> {
  const payme = await startPaymeStandIn({ merchantId: PAYME_TEST_MERCHANT, key: PAYME_TEST_KEY });
  const app = await startTestApp({
    paymentProviders: ['sandbox', 'payme'],
    payme: { merchantId: PAYME_TEST_MERCHANT, key: PAYME_TEST_KEY, checkoutUrl: payme.url, test: true },
    ...options.config,
  });
  payme.connect(`${app.baseUrl}${PAYME_ENDPOINT_PATH}`);
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.usdUzsRate('12650');
  return {
    app,
    payme,
    fixtures,
    async close() {
      await app.close();
      await payme.close();
    },
  };
}
