import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freefireTopup, scrapeMetrics, startGatewayPayment, startYookassaStore, type TestApp, type YookassaStore } from '../../testing';

/**
 * YooKassa does not sign its notifications: the store takes them only from YooKassa's addresses (the
 * client address as TRUST_PROXY_HOPS says), and answers 200 to whatever it ignores, since YooKassa
 * re-delivers anything else for a day.
 */

const METRICS_TOKEN = 'prometheus-scrape-token-notifications';
/** One of YooKassa's published ranges, and an address inside it. */
const YOOKASSA_RANGE = '185.71.76.0/27';
const YOOKASSA_ADDRESS = '185.71.76.7';

let store: YookassaStore;
let app: TestApp;
let providerPaymentId: string;

beforeAll(async () => {
  store = await startYookassaStore({
    // One proxy in front: the client is the address it appended to X-Forwarded-For.
    config: { metricsToken: METRICS_TOKEN, trustProxyHops: 1 },
    settings: { notificationIps: [YOOKASSA_RANGE, '2a02:5180::/32'] },
  });
  const { fixtures } = store;
  app = store.app;
  const shopper = await app.createUser();
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
  const { payUrl } = await startGatewayPayment(app, shopper, { type: 'topup', currency: 'usd', method: 'card', topupData: freefireTopup(offer) });
  providerPaymentId = new URL(payUrl).pathname.split('/').pop()!;
});

afterAll(() => store?.close());

/** A notification about `paymentId` as it reaches the API through the proxy, from `address`. */
const notify = (paymentId: string, address?: string) =>
  fetch(`${app.baseUrl}/api/payment/webhook/yookassa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: paymentId, status: 'succeeded' } }),
  });

const readBacksQueued = () => app.db('outbox').where({ queue: 'payment-callback' }).whereRaw("payload->>'paymentId' IS NOT NULL");
const counted = async (outcome: string) =>
  (await scrapeMetrics(app, METRICS_TOKEN)).value('payment_webhooks_total', { provider: 'yookassa', outcome }) ?? 0;

describe("YooKassa's notifications", () => {
  it('from outside YooKassa’s addresses are ignored with 200 and counted', async () => {
    const before = await counted('foreign-address');
    for (const address of ['203.0.113.9', '185.71.76.32', '2001:db8::1', undefined]) {
      const answer = await notify(providerPaymentId, address);
      expect({ address, status: answer.status, body: await answer.json() }).toEqual({ address, status: 200, body: { received: true } });
    }
    expect(await readBacksQueued()).toHaveLength(0);
    expect(await counted('foreign-address')).toBe(before + 4);
  });

  it('from YooKassa’s addresses queue a read-back of the payment they name', async () => {
    expect((await notify(providerPaymentId, YOOKASSA_ADDRESS)).status).toBe(200);
    expect((await notify(providerPaymentId, '2a02:5180::10')).status).toBe(200);
    expect(await readBacksQueued()).toHaveLength(2);
  });

  it('naming no payment of the store are answered 200 and counted, and change nothing', async () => {
    const before = await counted('unknown-payment');
    const queued = (await readBacksQueued()).length;
    const answer = await notify('2f0f5a4e-000f-5000-9000-1b68e7b15f3f', YOOKASSA_ADDRESS);
    expect(answer.status).toBe(200);
    expect(await readBacksQueued()).toHaveLength(queued);
    expect(await counted('unknown-payment')).toBe(before + 1);
  });
});
