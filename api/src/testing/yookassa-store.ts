import { loadConfig, type Config } from '../config';
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
