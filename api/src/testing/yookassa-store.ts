import { loadConfig, type Config } from '../config';
import type { Logger } from '../logger';
import { createCatalogueChanges } from '../modules/catalogue/catalogue-changes';
import { createPaymentCallbackService } from '../modules/payments/payment-callback.service';
import { createPaymentGateways } from '../providers/payment';
import { createFixtures } from './fixtures';
import { startTestApp, type TestApp } from './harness';
import { startYookassaStandIn, type YookassaStandIn, type YookassaStandInOptions } from './yookassa-stand-in';

/** The store's YooKassa settings for a stand-in: its shop, key and address, notified from this machine. */
export function yookassaSettingsFor(
  standIn: { url: string; shopId: string; secretKey: string },
  overrides: Partial<Config['yookassa']> = {},
): Config['yookassa'] {
  return {
    ...loadConfig({ NODE_ENV: 'test' }).yookassa,
    shopId: standIn.shopId,
    secretKey: standIn.secretKey,
    apiUrl: standIn.url,
    notificationIps: ['127.0.0.1', '::1'],
    ...overrides,
  };
}

/** A store paying through a YooKassa stand-in of its own, with the USD/RUB rate its checkout needs. */
export interface YookassaStore {
  app: TestApp;
  yookassa: YookassaStandIn;
  fixtures: ReturnType<typeof createFixtures>;
  close(): Promise<void>;
}

export async function startYookassaStore(
  options: { standIn?: YookassaStandInOptions; settings?: Partial<Config['yookassa']>; config?: Partial<Config> } = {},
): Promise<YookassaStore> {
  const yookassa = await startYookassaStandIn(options.standIn);
  const app = await startTestApp({ ...options.config, paymentProviders: ['yookassa'], yookassa: yookassaSettingsFor(yookassa, options.settings) });
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  return {
    app,
    yookassa,
    fixtures,
    async close() {
      await app.close();
      await yookassa.close();
    },
  };
}

/** The payment callback service as the workers build it for `app`, to apply a payment or run the sweep on demand. */
export function paymentCallbacksOf(app: TestApp, logger: Logger) {
  return createPaymentCallbackService({
    db: app.db,
    logger,
    gateways: createPaymentGateways({ config: app.config, db: app.db, logger }),
    catalogueChanges: createCatalogueChanges(app.invalidations),
  });
}
