import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLogger } from '@topup/api';
import { createFixtures, startTestApp, type TestApp } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';

let app: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  app = await startTestApp();
  workers = await startWorkers(app.config, createLogger('silent', 'workers-test'));
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
});

it('a balance checkout is delivered by the workers: the order completes and its codes appear', async () => {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate();
  const shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 5000);
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 3 });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, quantity: 2 });

  const checkout = await app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
  expect(checkout.status).toBe(201);

  const order = await vi.waitFor(
    async () => {
      const response = await app.request('GET', `/api/orders/${checkout.body.orderId}`, { token: shopper.token });
      expect(response.body.status).toBe('completed');
      return response.body;
    },
    { timeout: 10_000, interval: 100 },
  );
  const codes = order.items.map((item: any) => item.code.code);
  expect(codes).toHaveLength(2);
  expect(new Set(codes).size).toBe(2);
  expect(await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id, status: 'used' }).count({ n: '*' }).first()).toEqual({ n: 2 });
});
