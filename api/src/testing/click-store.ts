import type { Config } from '../config';
import { CLICK_ENDPOINT_PATH } from '../modules/click/click.endpoint';
import { startClickStandIn, type ClickStandIn } from './click-stand-in';
import { createFixtures } from './fixtures';
import { startTestApp, type TestApp } from './harness';

/** A store paying UZS orders through a Click stand-in of its own (and USD, RUB and UZS through the sandbox), with its rates. */
export interface ClickStore {
  app: TestApp;
  click: ClickStandIn;
  fixtures: ReturnType<typeof createFixtures>;
  close(): Promise<void>;
}

export const CLICK_TEST_SERVICE = '81234';
export const CLICK_TEST_MERCHANT = '45275';
export const CLICK_TEST_MERCHANT_USER = '83104';
export const CLICK_TEST_SECRET = 'test-secret-#Qw7&Zx';

export async function startClickStore(options: { config?: Partial<Config> } = {}): Promise<ClickStore> {
  const click = await startClickStandIn({ serviceId: CLICK_TEST_SERVICE, merchantId: CLICK_TEST_MERCHANT, secretKey: CLICK_TEST_SECRET });
  const app = await startTestApp({
    paymentProviders: ['sandbox', 'click'],
    click: { serviceId: CLICK_TEST_SERVICE, merchantId: CLICK_TEST_MERCHANT, secretKey: CLICK_TEST_SECRET, merchantUserId: CLICK_TEST_MERCHANT_USER, checkoutUrl: click.url },
    ...options.config,
  });
  click.connect(`${app.baseUrl}${CLICK_ENDPOINT_PATH}`);
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.usdUzsRate('12650');
  return {
    app,
    click,
    fixtures,
    async close() {
      await app.close();
      await click.close();
    },
  };
}
