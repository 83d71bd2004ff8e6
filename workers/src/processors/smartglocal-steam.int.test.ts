import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLogger, createSupplierProviders, runCatalogueSync } from '@topup/api';
import { createFixtures, startSmartglocalTestStore, steamTopup, type SmartglocalStandIn, type TestApp } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';

let app: TestApp;
let smartglocal: SmartglocalStandIn;
let workers: RunningWorkers;

beforeAll(async () => {
  ({ smartglocal, app } = await startSmartglocalTestStore('topup_store', 10_000_000));
  smartglocal.setCallbackUrl(`${app.baseUrl}/api/suppliers/smartglocal/callback`);
  const logger = createLogger('silent', 'smartglocal-steam-test');
  const supplier = await app.db('suppliers').where({ kind: 'smartglocal' }).first('id');
  await runCatalogueSync(app.db, createSupplierProviders(app.config, { logger }), supplier.id);
  workers = await startWorkers(app.config, logger);
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
  await smartglocal?.close();
});

it("a shopper's Steam top-up in USD is paid out by Smart Glocal in RUB, waits in processing, and completes once its signed webhook arrives", async () => {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.steamCommission('3');
  const shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 10_000);

  const placed = await app.request('POST', '/api/orders/topup', { token: shopper.token, body: { currency: 'usd', topupData: steamTopup({ login: 'gabe_sg', player_id: 'gabe_sg' }) } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId: number = placed.body.orderId;

  // 10 USD at USD to RUB 79: 790.00 RUB, in kopecks, into the wallet of the login.
  await vi.waitFor(() => expect(smartglocal.payouts).toMatchObject([{ account: 'gabe_sg', amount: 79_000, status: 'in_progress' }]), { timeout: 20_000, interval: 100 });
  const shown = await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token });
  expect(shown.body.status).toBe('processing');

  expect(await smartglocal.finish(smartglocal.payouts[0]!.reference, 'succeeded')).toEqual({ status: 200, body: 'OK' });
  await vi.waitFor(async () => expect((await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token })).body.status).toBe('completed'), {
    timeout: 20_000,
    interval: 200,
  });
  expect(smartglocal.payouts).toHaveLength(1);
  expect(await app.db('supplier_orders').where({ order_id: orderId }).select('status', 'cost', 'cost_currency')).toEqual([{ status: 'succeeded', cost: 79_000, cost_currency: 'RUB' }]);
});
