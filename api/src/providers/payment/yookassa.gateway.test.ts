import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { startYookassaStandIn, type YookassaStandIn } from '../../testing/yookassa-stand-in';
import { GatewayRequestError, WebhookPayloadError, type CreatePaymentRequest, type PaymentGateway, type WebhookGateway } from './payment-gateway';
import { createYookassaGateway, YOOKASSA_PROVIDER } from './yookassa.gateway';

const SHOP_ID = '123456';
const SECRET_KEY = 'test_Sec7etKey-never-logged';
const RETURN_URL = 'https://store.example/orders/42/receipt';

let standIn: YookassaStandIn;
/** Everything the gateways of this file logged, at debug level. */
const logLines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => logLines.push(line) });
let nextId = 1;

function settings(overrides: Partial<Config['yookassa']> = {}): Config['yookassa'] {
  return {
    shopId: SHOP_ID,
    secretKey: SECRET_KEY,
    apiUrl: standIn.url,
    sendReceipt: false,
    vatCode: 1,
    paymentSubject: 'service',
    paymentMode: 'full_payment',
    taxSystemCode: undefined,
    notificationIps: ['127.0.0.1'],
    acceptTestPayments: true,
    ...overrides,
  };
}

function gatewayWith(overrides: Partial<Config['yookassa']> = {}, timeoutMs?: number): WebhookGateway {
  return createYookassaGateway({ settings: settings(overrides), logger, timeoutMs });
}

/** A payment request of its own: a fresh payments.id and idempotence key each time. */
function paymentRequest(overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  const paymentId = nextId++;
  return {
    paymentId,
    idempotenceKey: randomUUID(),
    orderId: 7000 + paymentId,
    amount: 12345,
    currency: 'rub',
    description: `Order #${7000 + paymentId}`,
    method: 'card',
    returnUrl: RETURN_URL,
    ...overrides,
  };
}

const postsTo = (path: string) => standIn.requests.filter((entry) => entry.method === 'POST' && entry.path === path).length;
const paymentsWithKey = (key: string) => [...standIn.payments.values()].filter((payment) => payment.idempotenceKey === key);

/** Calls the stand-in's API directly, as another YooKassa client would. */
async function rawPost(path: string, key: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`,
      'Content-Type': 'application/json',
      'Idempotence-Key': key,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The shopper's browser submitting the hosted checkout page. */
async function decideOnCheckout(payUrl: string, decision: 'pay' | 'decline'): Promise<Response> {
  return fetch(payUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
    redirect: 'manual',
  });
}

/** A card payment the shopper paid on the checkout page (held) and the store then captured. */
async function paidAndCaptured(gateway: PaymentGateway, request = paymentRequest()): Promise<string> {
  const created = await gateway.createPayment(request);
  await decideOnCheckout(created.payUrl, 'pay');
  await gateway.capturePayment!({ providerPaymentId: created.providerPaymentId, idempotenceKey: `capture-${request.paymentId}`, amount: request.amount, currency: 'rub' });
  return created.providerPaymentId;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('Expected a rejection');
}

beforeAll(async () => {
  standIn = await startYookassaStandIn({ shopId: SHOP_ID, secretKey: SECRET_KEY });
});

afterAll(async () => {
  await standIn.close();
});

describe('creating a YooKassa payment', () => {
  it('names itself and what it can do', () => {
    expect(gatewayWith().name).toBe(YOOKASSA_PROVIDER);
    expect(gatewayWith().capabilities).toEqual({
      methods: ['card', 'sbp'],
      // Orders in USD and RUB, charged in RUB; a UZS order goes to a gateway that takes sums.
      currencies: ['usd', 'rub'],
      chargeCurrency: 'rub',
      refunds: true,
      receiptEmailRequired: false,
      refusesTestPayments: false,
    });
    expect(gatewayWith({ acceptTestPayments: false }).capabilities.refusesTestPayments).toBe(true);
    expect(gatewayWith({ sendReceipt: true }).capabilities.receiptEmailRequired).toBe(true);
  });

  it('sends the documented body with Basic auth and the payment row’s idempotence key', async () => {
    const request = paymentRequest();
    const created = await gatewayWith().createPayment(request);

    const stored = standIn.payments.get(created.providerPaymentId)!;
    expect(stored.request).toEqual({
      amount: { value: '123.45', currency: 'RUB' },
      // Cards in two stages: the store captures the held money itself.
      capture: false,
      confirmation: { type: 'redirect', return_url: RETURN_URL },
      description: request.description,
      metadata: { order_id: String(request.orderId), payment_id: String(request.paymentId) },
      payment_method_data: { type: 'bank_card' },
    });
    expect(stored.idempotenceKey).toBe(request.idempotenceKey);
    expect(stored.receipt).toBeUndefined();
    expect(stored.object).toMatchObject({ status: 'pending', paid: false, test: true, refundable: false });
    expect(created.payUrl).toBe(`${standIn.origin}/checkout/${created.providerPaymentId}`);
    expect((stored.object.confirmation as { confirmation_url: string }).confirmation_url).toBe(created.payUrl);

    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/payments', idempotenceKey: request.idempotenceKey, status: 200 });
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`);
  });

  it('asks for SBP with payment_method_data of type sbp', async () => {
    const created = await gatewayWith().createPayment(paymentRequest({ method: 'sbp' }));
    const stored = standIn.payments.get(created.providerPaymentId)!;
    expect(stored.request.payment_method_data).toEqual({ type: 'sbp' });
    expect(stored.object.payment_method).toEqual({ type: 'sbp', id: created.providerPaymentId, saved: false });
  });

  it('cuts the description to YooKassa’s 128 characters', async () => {
    const created = await gatewayWith().createPayment(paymentRequest({ description: `Order ${'ж'.repeat(200)}` }));
    const description = standIn.payments.get(created.providerPaymentId)!.request.description as string;
    expect(description).toBe(`Order ${'ж'.repeat(122)}`);
    expect(description).toHaveLength(128);
  });

  it('writes amounts exactly', async () => {
    const gateway = gatewayWith();
    for (const [minor, value] of [
      [12345, '123.45'],
      [101, '1.01'],
      [10_000_000, '100000.00'],
      [100, '1.00'],
      [1005, '10.05'],
    ] as const) {
      const created = await gateway.createPayment(paymentRequest({ amount: minor }));
      expect(standIn.payments.get(created.providerPaymentId)!.request.amount).toEqual({ value, currency: 'RUB' });
      expect((await gateway.getPayment!(created.providerPaymentId)).amount).toBe(minor);
    }
  });

  it('sends the fiscal receipt when the shop sends receipts, and only then', async () => {
    const receipt = {
      email: 'buyer@example.com',
      lines: [
        { description: 'Steam wallet code 500 RUB', quantity: 2, unitAmount: 5000 },
        { description: `Gift card ${'x'.repeat(200)}`, quantity: 1, unitAmount: 2345 },
      ],
    };
    const withReceipts = gatewayWith({ sendReceipt: true, vatCode: 4, paymentSubject: 'commodity', paymentMode: 'full_prepayment' });
    const created = await withReceipts.createPayment(paymentRequest({ receipt }));
    const stored = standIn.payments.get(created.providerPaymentId)!;
    const item = { vat_code: 4, payment_subject: 'commodity', payment_mode: 'full_prepayment' };
    expect(stored.receipt).toEqual({
      customer: { email: 'buyer@example.com' },
      items: [
        { description: 'Steam wallet code 500 RUB', quantity: 2, amount: { value: '50.00', currency: 'RUB' }, ...item },
        { description: `Gift card ${'x'.repeat(118)}`, quantity: 1, amount: { value: '23.45', currency: 'RUB' }, ...item },
      ],
    });
    expect(stored.request.receipt).toEqual(stored.receipt);
    expect(stored.object.receipt_registration).toBe('pending');

    const without = await gatewayWith({ sendReceipt: false }).createPayment(paymentRequest({ receipt }));
    expect(standIn.payments.get(without.providerPaymentId)!.request).not.toHaveProperty('receipt');
  });

  it('hears YooKassa refuse a receipt that does not add up to the payment', async () => {
    const receipt = { email: 'buyer@example.com', lines: [{ description: 'Code', quantity: 1, unitAmount: 12300 }] };
    const error = await rejection(gatewayWith({ sendReceipt: true }).createPayment(paymentRequest({ receipt })));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('hears YooKassa refuse a payment under its 1-rouble minimum, once and for good', async () => {
    const posted = postsTo('/v3/payments');
    const error = await rejection(gatewayWith().createPayment(paymentRequest({ amount: 99 })));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(postsTo('/v3/payments')).toBe(posted + 1);
  });

  it('answers a retried create with the same payment and makes no second one', async () => {
    const gateway = gatewayWith();
    const request = paymentRequest();
    const postsBefore = postsTo('/v3/payments');
    const first = await gateway.createPayment(request);
    const again = await gateway.createPayment(request);
    expect(again).toEqual(first);
    expect(postsTo('/v3/payments')).toBe(postsBefore + 2);
    expect(paymentsWithKey(request.idempotenceKey)).toHaveLength(1);
  });

  it('refuses a currency other than roubles without calling YooKassa', async () => {
    const before = standIn.requests.length;
    await expect(gatewayWith().createPayment(paymentRequest({ currency: 'usd' }))).rejects.toThrow(/roubles/);
    expect(standIn.requests).toHaveLength(before);
  });

  it('serves a checkout page that pays (the card held) and goes back to the store, which then captures', async () => {
    const gateway = gatewayWith();
    const created = await gateway.createPayment(paymentRequest());
    const page = await fetch(created.payUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('123.45 RUB');

    const paid = await decideOnCheckout(created.payUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(RETURN_URL);
    expect(standIn.payments.get(created.providerPaymentId)!.object).toMatchObject({ status: 'waiting_for_capture', paid: true, refundable: false });
    const captured = await gateway.capturePayment!({ providerPaymentId: created.providerPaymentId, idempotenceKey: 'capture-page', amount: 12345, currency: 'rub' });
    expect(captured).toMatchObject({ status: 'succeeded', amount: 12345, currency: 'rub' });
    expect(standIn.payments.get(created.providerPaymentId)!.object).toMatchObject({
      status: 'succeeded',
      paid: true,
      refundable: true,
      refunded_amount: { value: '0.00', currency: 'RUB' },
      payment_method: { type: 'bank_card', id: created.providerPaymentId, saved: false },
    });
    expect(standIn.payments.get(created.providerPaymentId)!.object).toHaveProperty('captured_at');
    expect(standIn.payments.get(created.providerPaymentId)!.object).not.toHaveProperty('confirmation');
  });
});

describe('reading a YooKassa payment back', () => {
  it('reads each status with exact minor units and the store’s ids from the metadata', async () => {
    const gateway = gatewayWith();
    const make = async () => {
      const request = paymentRequest({ amount: 100_001 });
      return { request, id: (await gateway.createPayment(request)).providerPaymentId };
    };
    const expected = (made: { request: CreatePaymentRequest; id: string }, status: string) => ({
      providerPaymentId: made.id,
      status,
      amount: 100_001,
      currency: 'rub',
      paymentId: made.request.paymentId,
      orderId: made.request.orderId,
      test: true,
    });

    const pending = await make();
    expect(await gateway.getPayment!(pending.id)).toEqual(expected(pending, 'pending'));

    const held = await make();
    await standIn.waitForCapture(held.id);
    expect(standIn.payments.get(held.id)!.object.status).toBe('waiting_for_capture');
    expect(await gateway.getPayment!(held.id)).toEqual(expected(held, 'waiting_for_capture'));

    const succeeded = await make();
    await standIn.succeed(succeeded.id);
    expect(await gateway.getPayment!(succeeded.id)).toEqual(expected(succeeded, 'waiting_for_capture'));
    await gateway.capturePayment!({ providerPaymentId: succeeded.id, idempotenceKey: `capture-${succeeded.id}`, amount: 100_001, currency: 'rub' });
    expect(await gateway.getPayment!(succeeded.id)).toEqual(expected(succeeded, 'succeeded'));

    const declined = await make();
    const declinedUrl = `${standIn.origin}/checkout/${declined.id}`;
    expect((await decideOnCheckout(declinedUrl, 'decline')).status).toBe(303);
    expect(standIn.payments.get(declined.id)!.object.cancellation_details).toEqual({ party: 'payment_network', reason: 'general_decline' });
    expect(await gateway.getPayment!(declined.id)).toEqual({ ...expected(declined, 'canceled'), cancellationReason: 'general_decline' });

    const noMoney = await make();
    await standIn.cancel(noMoney.id, { party: 'payment_network', reason: 'insufficient_funds' });
    expect(await gateway.getPayment!(noMoney.id)).toEqual({ ...expected(noMoney, 'canceled'), cancellationReason: 'insufficient_funds' });
  });

  it('reads no store ids from metadata that is missing or not integers', async () => {
    const body = (metadata?: Record<string, string>) => ({
      amount: { value: '10.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: RETURN_URL },
      ...(metadata ? { metadata } : {}),
    });
    const bare = await rawPost('/payments', `raw-${nextId++}`, body());
    const odd = await rawPost('/payments', `raw-${nextId++}`, body({ order_id: 'A-12', payment_id: '1.5' }));
    expect([bare.status, odd.status]).toEqual([200, 200]);
    expect(bare.body.metadata).toEqual({});

    for (const id of [bare.body.id, odd.body.id]) {
      const state = await gatewayWith().getPayment!(id);
      expect(state).toMatchObject({ status: 'pending', amount: 1000, currency: 'rub' });
      expect(state.paymentId).toBeUndefined();
      expect(state.orderId).toBeUndefined();
    }
  });

  it('hears YooKassa answer 404 for a payment it does not know', async () => {
    const error = await rejection(gatewayWith().getPayment!('2419a771-000f-5000-9000-1edaf29243f2'));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('capturing or cancelling a payment held for capture', () => {
  const held = async () => {
    const request = paymentRequest();
    const created = await gatewayWith().createPayment(request);
    await decideOnCheckout(created.payUrl, 'pay');
    return { request, id: created.providerPaymentId };
  };

  it('captures a held payment once per key: a retried capture answers the same payment', async () => {
    const gateway = gatewayWith();
    const { id } = await held();
    const decision = { providerPaymentId: id, idempotenceKey: '5b0c6f0e-2a55-4a9a-9a59-3f1ad5b1f001', amount: 12345, currency: 'rub' as const };
    const first = await gateway.capturePayment!(decision);
    expect(first).toMatchObject({ status: 'succeeded', amount: 12345 });
    expect(await gateway.capturePayment!(decision)).toEqual(first);
    const captures = standIn.requests.filter((entry) => entry.path === `/v3/payments/${id}/capture`);
    expect(captures.map((entry) => [entry.idempotenceKey, entry.status])).toEqual([
      [decision.idempotenceKey, 200],
      [decision.idempotenceKey, 200],
    ]);
    expect(standIn.payments.get(id)!.request).toMatchObject({ capture: false });
    expect(standIn.payments.get(id)!.object).toMatchObject({ status: 'succeeded', amount: { value: '123.45' }, refundable: true });
  });

  it('cancels a held payment so nothing is charged, and refuses to capture it afterwards', async () => {
    const gateway = gatewayWith();
    const { id } = await held();
    const cancelled = await gateway.cancelPayment!({ providerPaymentId: id, idempotenceKey: 'cancel-1' });
    expect(cancelled.status).toBe('canceled');
    expect(standIn.payments.get(id)!.object).toMatchObject({ status: 'canceled', paid: false, cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' } });
    const error = await rejection(gateway.capturePayment!({ providerPaymentId: id, idempotenceKey: 'capture-late', amount: 12345, currency: 'rub' }));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('hears YooKassa refuse a capture or cancel of a payment not held, more than is held, or without a key', async () => {
    const gateway = gatewayWith();
    const pending = await gateway.createPayment(paymentRequest());
    for (const call of [
      gateway.capturePayment!({ providerPaymentId: pending.providerPaymentId, idempotenceKey: 'c-pending', amount: 12345, currency: 'rub' }),
      gateway.cancelPayment!({ providerPaymentId: pending.providerPaymentId, idempotenceKey: 'x-pending' }),
    ]) {
      expect(await rejection(call)).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    const { id } = await held();
    expect(await rejection(gateway.capturePayment!({ providerPaymentId: id, idempotenceKey: 'c-more', amount: 12346, currency: 'rub' }))).toMatchObject({
      status: 400,
    });
    const keyless = await fetch(`${standIn.url}/payments/${id}/capture`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(keyless.status).toBe(400);
    expect(standIn.payments.get(id)!.object.status).toBe('waiting_for_capture');
  });
});

describe('refunding through YooKassa', () => {
  const paidPayment = (amount = 12345) => paidAndCaptured(gatewayWith(), paymentRequest({ amount }));
  const refundRequest = (providerPaymentId: string, amount: number) => ({
    refundId: nextId++,
    idempotenceKey: randomUUID(),
    providerPaymentId,
    amount,
    currency: 'rub' as const,
    description: 'Code did not work',
  });

  it('returns a whole payment', async () => {
    const gateway = gatewayWith();
    const paymentId = await paidPayment();
    const request = refundRequest(paymentId, 12345);
    const refund = await gateway.refund!(request);
    expect(refund.status).toBe('succeeded');

    const stored = standIn.refunds.get(refund.providerRefundId)!;
    expect(stored.request).toEqual({ payment_id: paymentId, amount: { value: '123.45', currency: 'RUB' }, description: 'Code did not work' });
    expect(stored.idempotenceKey).toBe(request.idempotenceKey);
    expect(stored.object).toMatchObject({ id: refund.providerRefundId, payment_id: paymentId, status: 'succeeded' });
    expect(standIn.payments.get(paymentId)!.object).toMatchObject({ refunded_amount: { value: '123.45', currency: 'RUB' }, refundable: false });
    expect(await gateway.getRefund!(refund.providerRefundId)).toEqual(refund);
    // The payment itself stays succeeded: a refund does not change its status.
    expect((await gateway.getPayment!(paymentId)).status).toBe('succeeded');
  });

  it('returns parts of a payment and refuses more than is left', async () => {
    const gateway = gatewayWith();
    const paymentId = await paidPayment();
    await gateway.refund!(refundRequest(paymentId, 2345));
    await gateway.refund!(refundRequest(paymentId, 9999));
    expect(standIn.payments.get(paymentId)!.object).toMatchObject({ refunded_amount: { value: '123.44', currency: 'RUB' }, refundable: true });

    const before = standIn.refunds.size;
    const error = await rejection(gateway.refund!(refundRequest(paymentId, 2)));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(standIn.refunds.size).toBe(before);

    expect((await gateway.refund!(refundRequest(paymentId, 1))).status).toBe('succeeded');
    expect(standIn.payments.get(paymentId)!.object).toMatchObject({ refunded_amount: { value: '123.45', currency: 'RUB' }, refundable: false });
  });

  it('answers a retried refund with the same refund', async () => {
    const gateway = gatewayWith();
    const paymentId = await paidPayment();
    const request = refundRequest(paymentId, 100);
    const first = await gateway.refund!(request);
    expect(await gateway.refund!(request)).toEqual(first);
    expect([...standIn.refunds.values()].filter((refund) => refund.idempotenceKey === request.idempotenceKey)).toHaveLength(1);
  });

  it('refuses to refund a payment that has not succeeded', async () => {
    const created = await gatewayWith().createPayment(paymentRequest());
    const error = await rejection(gatewayWith().refund!(refundRequest(created.providerPaymentId, 100)));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('reads a pending refund until it settles', async () => {
    const pendingStandIn = await startYookassaStandIn({ shopId: SHOP_ID, secretKey: SECRET_KEY, refundStatus: 'pending' });
    try {
      const gateway = createYookassaGateway({ settings: { ...settings(), apiUrl: pendingStandIn.url }, logger });
      const created = await gateway.createPayment(paymentRequest({ method: 'sbp' }));
      await pendingStandIn.succeed(created.providerPaymentId);
      const refund = await gateway.refund!(refundRequest(created.providerPaymentId, 12345));
      expect(refund.status).toBe('pending');
      expect((await gateway.getRefund!(refund.providerRefundId)).status).toBe('pending');
      await pendingStandIn.settleRefund(refund.providerRefundId, 'succeeded');
      expect(await gateway.getRefund!(refund.providerRefundId)).toEqual({ providerRefundId: refund.providerRefundId, status: 'succeeded' });
    } finally {
      await pendingStandIn.close();
    }
  });

  it('refuses a currency other than roubles without calling YooKassa', async () => {
    const before = standIn.requests.length;
    await expect(gatewayWith().refund!({ ...refundRequest('2419a771-000f-5000-9000-1edaf29243f2', 100), currency: 'usd' })).rejects.toThrow(
      /roubles/,
    );
    expect(standIn.requests).toHaveLength(before);
  });
});

describe('YooKassa’s errors', () => {
  it('turns wrong credentials into a definite 401 refusal', async () => {
    const error = await rejection(gatewayWith({ secretKey: 'test_wrong' }).createPayment(paymentRequest()));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' });
    const wrongShop = await rejection(gatewayWith({ shopId: '999' }).getPayment!('2419a771-000f-5000-9000-1edaf29243f2'));
    expect(wrongShop).toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  /** The POSTs of a create, in order. */
  const createsWithKey = (key: string) => standIn.requests.filter((entry) => entry.path === '/v3/payments' && entry.idempotenceKey === key);

  it('repeats a create answered 202 with the same key after YooKassa’s retry_after, and makes one payment', async () => {
    const request = paymentRequest();
    standIn.failNext(202);
    const startedAt = Date.now();
    const created = await gatewayWith().createPayment(request);
    // The stand-in asks for 1800 ms; the wait is capped at 1.5 s so the shopper is not kept long.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1400);
    expect(createsWithKey(request.idempotenceKey).map((entry) => entry.status)).toEqual([202, 200]);
    expect(paymentsWithKey(request.idempotenceKey).map((payment) => payment.object.id)).toEqual([created.providerPaymentId]);
  });

  it('repeats a create answered 500 twice, and makes one payment', async () => {
    const request = paymentRequest();
    standIn.failNext(500, 2);
    const created = await gatewayWith().createPayment(request);
    expect(createsWithKey(request.idempotenceKey).map((entry) => entry.status)).toEqual([500, 500, 200]);
    expect(paymentsWithKey(request.idempotenceKey).map((payment) => payment.object.id)).toEqual([created.providerPaymentId]);
  });

  it('gives up after three unknown outcomes with a retryable error; a later create with the key makes one payment', async () => {
    const gateway = gatewayWith();
    const request = paymentRequest();
    standIn.failNext(503, 3);
    const error = await rejection(gateway.createPayment(request));
    expect(error).not.toBeInstanceOf(GatewayRequestError);
    expect(error.message).toContain('503');
    expect(createsWithKey(request.idempotenceKey)).toHaveLength(3);

    const created = await gateway.createPayment(request);
    expect(paymentsWithKey(request.idempotenceKey).map((payment) => payment.object.id)).toEqual([created.providerPaymentId]);
  });

  it('does not repeat a definite refusal (4xx) nor a 429, and reads and refunds once per call', async () => {
    const gateway = gatewayWith();
    for (const status of [400, 403]) {
      const request = paymentRequest();
      standIn.failNext(status);
      expect(await rejection(gateway.createPayment(request)), String(status)).toBeInstanceOf(GatewayRequestError);
      expect(createsWithKey(request.idempotenceKey), String(status)).toHaveLength(1);
    }
    const wrongKey = paymentRequest();
    expect(await rejection(gatewayWith({ secretKey: 'test_wrong' }).createPayment(wrongKey))).toMatchObject({ status: 401 });
    expect(createsWithKey(wrongKey.idempotenceKey)).toHaveLength(1);
    // Too many requests: nothing was done, worth trying later (not a refusal), but not at once.
    const limited = paymentRequest();
    standIn.failNext(429);
    const error = await rejection(gateway.createPayment(limited));
    expect(error).not.toBeInstanceOf(GatewayRequestError);
    expect(error.message).toContain('429');
    expect(createsWithKey(limited.idempotenceKey)).toHaveLength(1);

    standIn.failNext(500, 2);
    const requestsBefore = standIn.requests.length;
    await expect(gateway.getPayment!('2419a771-000f-5000-9000-1edaf29243f2')).rejects.not.toBeInstanceOf(GatewayRequestError);
    const refund = gateway.refund!({ refundId: nextId++, idempotenceKey: randomUUID(), providerPaymentId: 'x', amount: 1, currency: 'rub', description: 'r' });
    await expect(refund).rejects.not.toBeInstanceOf(GatewayRequestError);
    expect(standIn.requests.length - requestsBefore).toBe(2);
  });

  it('repeats a create that timed out with the same key; the repeat finds the payment made meanwhile', async () => {
    const request = paymentRequest();
    // The network loses the first answer: YooKassa made the payment, the store only sees its timeout.
    let calls = 0;
    const firstAnswerLost: typeof fetch = async (input, init) => {
      calls += 1;
      const response = await fetch(input, init);
      if (calls > 1) return response;
      const signal = init!.signal!;
      return new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    };
    const created = await createYookassaGateway({ settings: settings(), logger, timeoutMs: 200, fetch: firstAnswerLost }).createPayment(request);
    expect(createsWithKey(request.idempotenceKey).map((entry) => entry.status)).toEqual([200, 200]);
    expect(paymentsWithKey(request.idempotenceKey).map((payment) => payment.object.id)).toEqual([created.providerPaymentId]);
    expect(logLines.some((line) => line.includes('TimeoutError'))).toBe(true);
  });

  it('turns an unreachable YooKassa into a retryable error', async () => {
    const closed = await startYookassaStandIn();
    await closed.close();
    const error = await rejection(gatewayWith({ apiUrl: closed.url }).createPayment(paymentRequest()));
    expect(error).not.toBeInstanceOf(GatewayRequestError);
    expect(error.message).toMatch(/failed/);
  });

  it('refuses unsafe ids without a request', async () => {
    const gateway = gatewayWith();
    const before = standIn.requests.length;
    for (const id of ['../refunds', 'a/b', 'a?b=1', '', 'x'.repeat(65), '%2e%2e', 'a b']) {
      await expect(gateway.getPayment!(id), id).rejects.toBeInstanceOf(GatewayRequestError);
      await expect(gateway.getRefund!(id), id).rejects.toBeInstanceOf(GatewayRequestError);
      await expect(gateway.refund!({ refundId: 1, idempotenceKey: randomUUID(), providerPaymentId: id, amount: 1, currency: 'rub', description: 'r' }), id).rejects.toBeInstanceOf(
        GatewayRequestError,
      );
    }
    expect(standIn.requests).toHaveLength(before);
  });

  it('never logs the secret key', () => {
    const logged = logLines.join('\n');
    expect(logged).toContain('YooKassa');
    expect(logged).not.toContain(SECRET_KEY);
    expect(logged).not.toContain(Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64'));
  });
});

describe('YooKassa’s notifications', () => {
  let receiver: Server;
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    standIn.setNotificationUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payment/webhook/yookassa`);
  });

  afterAll(async () => {
    standIn.setNotificationUrl(undefined);
    await new Promise((resolve) => receiver.close(resolve));
  });

  const lastNotification = () => {
    const last = received.at(-1)!;
    return { ...last, parsed: JSON.parse(last.body) };
  };

  it('reads each notification as a hint naming the payment, and nothing more', async () => {
    const gateway = gatewayWith();
    const created = await gateway.createPayment(paymentRequest({ method: 'sbp' }));

    await decideOnCheckout(created.payUrl, 'pay');
    const paid = lastNotification();
    expect(paid.parsed).toMatchObject({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: created.providerPaymentId, status: 'succeeded' },
    });
    expect(paid.parsed.object).toEqual(standIn.payments.get(created.providerPaymentId)!.object);
    expect(gateway.readWebhook(paid.body, paid.headers)).toEqual({ kind: 'hint', providerPaymentId: created.providerPaymentId });

    const refund = await gateway.refund!({
      refundId: nextId++,
      idempotenceKey: randomUUID(),
      providerPaymentId: created.providerPaymentId,
      amount: 100,
      currency: 'rub',
      description: 'r',
    });
    await expect.poll(() => received.some((entry) => entry.body.includes('refund.succeeded'))).toBe(true);
    const refunded = received.find((entry) => entry.body.includes('refund.succeeded'))!;
    expect(JSON.parse(refunded.body).object).toMatchObject({ id: refund.providerRefundId, payment_id: created.providerPaymentId });
    expect(gateway.readWebhook(refunded.body, refunded.headers)).toEqual({ kind: 'hint', providerPaymentId: created.providerPaymentId });

    const other = await gateway.createPayment(paymentRequest());
    await standIn.waitForCapture(other.providerPaymentId);
    expect(lastNotification().parsed.event).toBe('payment.waiting_for_capture');
    expect(gateway.readWebhook(lastNotification().body, {})).toEqual({ kind: 'hint', providerPaymentId: other.providerPaymentId });
    await standIn.cancel(other.providerPaymentId, { party: 'merchant', reason: 'canceled_by_merchant' });
    expect(lastNotification().parsed).toMatchObject({ event: 'payment.canceled', object: { cancellation_details: { party: 'merchant' } } });
    expect(gateway.readWebhook(lastNotification().body, {})).toEqual({ kind: 'hint', providerPaymentId: other.providerPaymentId });

    expect(await standIn.notify('payment.succeeded', created.providerPaymentId)).toBe(200);
    expect(standIn.notifications.at(-1)).toMatchObject({ event: 'payment.succeeded', objectId: created.providerPaymentId, status: 200 });
  });

  it('refuses anything that is not a YooKassa notification', () => {
    const gateway = gatewayWith();
    const id = '2419a771-000f-5000-9000-1edaf29243f2';
    const bodies = [
      undefined,
      '',
      'not json',
      '[]',
      'null',
      JSON.stringify({ type: 'notification', event: 'payment.succeeded' }),
      JSON.stringify({ type: 'webhook', event: 'payment.succeeded', object: { id } }),
      JSON.stringify({ type: 'notification', event: 'payout.succeeded', object: { id } }),
      JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: '../payments' } }),
      JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 42 } }),
      JSON.stringify({ type: 'notification', event: 'refund.succeeded', object: { id } }),
    ];
    for (const body of bodies) {
      expect(() => gateway.readWebhook(body, {}), String(body)).toThrow(WebhookPayloadError);
    }
  });
});
