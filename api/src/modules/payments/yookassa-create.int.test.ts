import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { startYookassaStandIn, type YookassaStandIn } from '../../testing/yookassa-stand-in';
import { yookassaSettingsFor } from '../../testing/yookassa-store';

/**
 * Starting a YooKassa payment from the store, against the local stand-in: YooKassa's rule for an
 * answer that leaves the outcome unknown (202, 500) is to repeat the request with the same data and
 * Idempotence-Key, and the key is the payment row's own UUID.
 */

const SHOP = { shopId: '123456', secretKey: 'test_secret_key' };
const EMAIL = 'shopper@example.com';
/** 10 game units at 10.99 USD (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

let yookassa: YookassaStandIn;
/** Two stores, each on a database of its own, paying through the one YooKassa shop. */
let stores: TestApp[];

beforeAll(async () => {
  yookassa = await startYookassaStandIn(SHOP);
  stores = [];
  for (let count = 0; count < 2; count += 1) {
    const store = await startTestApp({ paymentProviders: ['yookassa'], yookassa: yookassaSettingsFor(yookassa, { sendReceipt: true }) });
    await createFixtures(store.db, store.config.codesKey).usdRubRate('79');
    stores.push(store);
  }
});

afterAll(async () => {
  for (const store of stores ?? []) await store.close();
  await yookassa?.close();
});

/** A shopper of `store` with one code in the cart. */
async function shopperWithCart(store: TestApp): Promise<TestUser> {
  const fixtures = createFixtures(store.db, store.config.codesKey);
  const shopper = await store.createUser();
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
  return shopper;
}

const payForCart = (store: TestApp, shopper: TestUser) =>
  store.request('POST', '/api/payment/create', { token: shopper.token, body: { type: 'order', amount: 10.99, currency: 'usd', email: EMAIL } });

/** The shopper's only payment row. */
const paymentOf = (store: TestApp, shopper: TestUser) =>
  store.db('payments').where({ user_id: shopper.id }).first('id', 'order_id', 'idempotence_key', 'provider_payment_id', 'pay_url');

/** The stand-in's answers to the creates sent with this key, in order. */
const createsWithKey = (key: string) =>
  yookassa.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v3/payments' && entry.idempotenceKey === key).map((entry) => entry.status);

const paymentsWithKey = (key: string) => [...yookassa.payments.values()].filter((payment) => payment.idempotenceKey === key);

/** A new shopper of the first store pays the cart while YooKassa answers the next `times` requests with `status`. */
async function payAfterFaults(status: number, times: number) {
  const store = stores[0]!;
  const shopper = await shopperWithCart(store);
  yookassa.failNext(status, times);
  const response = await payForCart(store, shopper);
  const payment = await paymentOf(store, shopper);
  const order = await store.db('orders').where({ id: payment.order_id }).first('status');
  return { response, payment, orderStatus: order.status, creates: createsWithKey(payment.idempotence_key), cartLines: () => store.db('cart_items').where({ user_id: shopper.id }) };
}

describe('a YooKassa create whose outcome is unknown', () => {
  it('is repeated with the same key after a 202, and the shopper gets the one payment’s page', async () => {
    const { response, payment, orderStatus, creates } = await payAfterFaults(202, 1);
    expect(response.status).toBe(201);
    expect(creates).toEqual([202, 200]);
    expect(paymentsWithKey(payment.idempotence_key).map((stored) => stored.object.id)).toEqual([payment.provider_payment_id]);
    expect(response.body).toEqual({ pay_url: payment.pay_url, orderId: payment.order_id });
    expect(orderStatus).toBe('pending');
  });

  it('is repeated with the same key after two 500s, and the shopper gets the one payment’s page', async () => {
    const { response, payment, orderStatus, creates } = await payAfterFaults(500, 2);
    expect(response.status).toBe(201);
    expect(creates).toEqual([500, 500, 200]);
    expect(paymentsWithKey(payment.idempotence_key)).toHaveLength(1);
    expect(response.body).toEqual({ pay_url: payment.pay_url, orderId: payment.order_id });
    expect(orderStatus).toBe('pending');
  });

  it('gives up after three unknown outcomes: 503, the order cancelled and the cart kept', async () => {
    const { response, orderStatus, creates, cartLines } = await payAfterFaults(500, 3);
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(creates).toEqual([500, 500, 500]);
    expect(orderStatus).toBe('cancelled');
    expect(await cartLines()).toHaveLength(1);
  });

  it('is not repeated when YooKassa refuses it (4xx)', async () => {
    const { response, orderStatus, creates } = await payAfterFaults(400, 1);
    expect(response.status).toBe(503);
    expect(creates).toEqual([400]);
    expect(orderStatus).toBe('cancelled');
  });
});

describe('idempotence keys', () => {
  it('are the payment rows’ own UUIDs, so two stores on two databases never send the same one', async () => {
    const [one, other] = stores as [TestApp, TestApp];
    const before = await shopperWithCart(one);
    expect((await payForCart(one, before)).status).toBe(201);
    const shopper = await shopperWithCart(other);
    const response = await payForCart(other, shopper);
    expect(response.status).toBe(201);

    const payment = await paymentOf(other, shopper);
    expect(payment.idempotence_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(createsWithKey(payment.idempotence_key)).toEqual([200]);
    expect(response.body.pay_url).toBe(payment.pay_url);
    // The same payment id exists on the first store's database; its key and YooKassa's payment do not.
    const onesPayments = await one.db('payments').select('id', 'idempotence_key', 'provider_payment_id');
    expect(onesPayments.map((row) => row.id)).toContain(payment.id);
    expect(onesPayments.map((row) => row.idempotence_key)).not.toContain(payment.idempotence_key);
    expect(onesPayments.map((row) => row.provider_payment_id)).not.toContain(payment.provider_payment_id);
  });
});
