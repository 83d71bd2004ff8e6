import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createPaymentGateways, paymentGatewaysOf, type PaymentGateway } from '../../providers/payment';
import { SANDBOX_CAPABILITIES } from '../../providers/payment/sandbox.gateway';
import { signWebhook } from '../../providers/payment/webhook-signature';
import { createTopupService } from '../topup/topup.service';
import { createCatalogueChanges } from '../catalogue/catalogue-changes';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';
import { createPaymentCallbackService } from './payment-callback.service';
import { createPaymentsService } from './payments.service';
import { createReservationExpiryService } from './reservation-expiry.service';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
const logger = createLogger('silent', 'payments-test');
let callbacks: ReturnType<typeof createPaymentCallbackService>;
let expiry: ReturnType<typeof createReservationExpiryService>;
let fulfilment: ReturnType<typeof createFulfilmentService>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  const catalogueChanges = createCatalogueChanges(app.invalidations);
  callbacks = createPaymentCallbackService({
    db: app.db,
    logger,
    gateways: createPaymentGateways({ config: app.config, db: app.db, logger }),
    catalogueChanges,
  });
  expiry = createReservationExpiryService({ db: app.db, logger, catalogueChanges });
  fulfilment = createFulfilmentService({ db: app.db, logger });
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await app.close();
});

/** 10 game units at 10.99 USD / 868.21 RUB (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

const createPayment = (user: Pick<TestUser, 'token'>, body: unknown) =>
  app.request('POST', '/api/payment/create', { token: user.token, body });

async function shopperWithCart(options: { codes: number; quantity: number }) {
  const user = await app.createUser();
  const product = await fixtures.product({ title: 'Nova Card' });
  const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count: options.codes });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: options.quantity });
  return { user, product, codeIds };
}

/** A shopper who has started a card payment for `quantity` codes (of `codes` in stock). */
async function startedPayment(options: { codes?: number; quantity?: number } = {}) {
  const quantity = options.quantity ?? 1;
  const { user, product, codeIds } = await shopperWithCart({ codes: options.codes ?? quantity, quantity });
  const response = await createPayment(user, { amount: (1099 * quantity) / 100, currency: 'usd', type: 'order' });
  expect(response.status).toBe(201);
  const orderId: number = response.body.orderId;
  const payment = await app.db('payments').where({ order_id: orderId }).first();
  const payPath = new URL(response.body.pay_url).pathname;
  return { user, product, codeIds, orderId, payment, payPath };
}

/** Everything a refused payment creation must leave as it was. */
async function snapshot(userId: number, codeIds: number[]) {
  return {
    cart: await app.db('cart_items').where({ user_id: userId }).orderBy('id').select('id', 'quantity'),
    orders: await app.db('orders').where({ user_id: userId }).count({ n: '*' }).first(),
    payments: await app.db('payments').where({ user_id: userId }).count({ n: '*' }).first(),
    codes: await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).orderBy('number').select('number as id', 'status', 'order_id', 'reserved_until'),
  };
}

/** The shopper's browser submitting the sandbox pay page's form. */
async function submitPayForm(payPath: string, fields: Record<string, string>) {
  const response = await fetch(`${app.baseUrl}${payPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

const TEST_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder: 'Test Shopper' };

/** A webhook as the sandbox gateway sends it, signed with the store's secret unless told otherwise. */
function sandboxWebhook(
  body: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const rawBody = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? signWebhook(options.secret ?? app.config.paymentWebhookSecret, rawBody, options.timestamp)
      : options.signature;
  return app.request('POST', '/api/payment/webhook/sandbox', {
    rawBody,
    headers: signature === null ? {} : { 'x-sandbox-signature': signature },
  });
}

const succeeded = (payment: { provider_payment_id: string; amount: number; currency: string }, eventId = `evt_test_${Math.random().toString(36).slice(2)}`) => ({
  event_id: eventId,
  type: 'payment.succeeded',
  payment_id: payment.provider_payment_id,
  amount: payment.amount,
  currency: payment.currency,
});

const eventsOf = (paymentId: number) => app.db('gateway_events').where({ payment_id: paymentId }).orderBy('id');
const jobsFor = (queue: string, key: string, value: number) =>
  app.db('outbox').where({ queue }).whereRaw(`payload->>'${key}' = ?`, [String(value)]);
const orderOf = (orderId: number) => app.db('orders').where({ id: orderId }).first();
const paymentOf = (orderId: number) => app.db('payments').where({ order_id: orderId }).first();

describe('POST /api/payment/create', () => {
  it('holds the cart for a card payment: pending order, reserved codes, a payment, an empty cart and a pay page', async () => {
    const { user, product, codeIds } = await shopperWithCart({ codes: 3, quantity: 2 });
    const response = await createPayment(user, { amount: 21.98, currency: 'usd', type: 'order' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      pay_url: expect.stringMatching(new RegExp(`^${app.config.publicUrl}/api/payment/sandbox/pay_[0-9a-f]{32}$`)),
      orderId: expect.any(Number),
    });
    const { orderId } = response.body;

    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      user_id: user.id,
      status: 'pending',
      kind: 'codes',
      payment_method: 'card',
      currency: 'usd',
      total: 2198,
      total_usd: 2198,
      paid_at: null,
    });
    const holdMs = order.hold_expires_at.getTime() - order.created_at.getTime();
    expect(holdMs).toBe(15 * 60 * 1000);

    const items = await fixtures.orderItems([orderId]);
    expect(items.map((item) => [item.product_id, item.code_id, item.amount])).toEqual([
      [product.id, codeIds[0], 1099],
      [product.id, codeIds[1], 1099],
    ]);
    const codes = await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).orderBy('number');
    for (const code of codes.slice(0, 2)) {
      expect(code).toMatchObject({ status: 'reserved', order_id: orderId });
      expect(code.reserved_until).toEqual(order.hold_expires_at);
    }
    expect(codes[2]).toMatchObject({ status: 'available', order_id: null });

    const payment = await paymentOf(orderId);
    expect(payment).toMatchObject({
      user_id: user.id,
      provider: 'sandbox',
      provider_payment_id: expect.stringMatching(/^pay_[0-9a-f]{32}$/),
      amount: 2198,
      currency: 'usd',
      status: 'pending',
      pay_url: response.body.pay_url,
      paid_at: null,
    });
    expect(payment.expires_at).toEqual(order.hold_expires_at);
    expect(await app.db('cart_items').where({ user_id: user.id })).toEqual([]);
    // Nothing is delivered before the money arrives.
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toEqual([]);

    const shown = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: orderId, status: 'pending', total: 21.98, currency: 'usd' });
    expect(shown.body.items.map((item: any) => item.code)).toEqual([null, null]);
  });

  it('charges RUB prices when paying in roubles', async () => {
    const { user } = await shopperWithCart({ codes: 2, quantity: 2 });
    const response = await createPayment(user, { amount: 1736.42, currency: 'rub', type: 'order' });
    expect(response.status).toBe(201);
    expect(await orderOf(response.body.orderId)).toMatchObject({ currency: 'rub', total: 173_642, total_usd: 2198 });
    expect(await paymentOf(response.body.orderId)).toMatchObject({ currency: 'rub', amount: 173_642 });
  });

  it('answers 400 CART_EMPTY for an empty cart', async () => {
    const user = await app.createUser();
    const response = await createPayment(user, { amount: 10.99, currency: 'usd', type: 'order' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('CART_EMPTY');
    expect(await app.db('payments').where({ user_id: user.id })).toEqual([]);
  });

  it('answers 409 PRICE_CHANGED with the real total when the amount differs, and changes nothing', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 2, quantity: 2 });
    const before = await snapshot(user.id, codeIds);
    for (const body of [
      { amount: 0.01, currency: 'usd', type: 'order' },
      { amount: 21.97, currency: 'usd', type: 'order' },
      // The USD total sent as roubles.
      { amount: 21.98, currency: 'rub', type: 'order' },
    ]) {
      const response = await createPayment(user, body);
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect(response.body.error.code).toBe('PRICE_CHANGED');
      expect(response.body.error.details).toEqual({ amount: body.currency === 'usd' ? 21.98 : 1736.42, currency: body.currency });
    }
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });

  it('answers 409 OUT_OF_STOCK when the stock is gone, and changes nothing', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 1, quantity: 2 });
    const before = await snapshot(user.id, codeIds);
    const response = await createPayment(user, { amount: 21.98, currency: 'usd', type: 'order' });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'OUT_OF_STOCK', details: { requested: 2, available: 1 } });
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });

  it('rejects malformed bodies with 400 and requires a login', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 1, quantity: 1 });
    const before = await snapshot(user.id, codeIds);
    for (const body of [
      { amount: 10.99, currency: 'usd' },
      { amount: 10.99, currency: 'usd', type: 'topup' },
      { amount: 10.99, currency: 'eur', type: 'order' },
      { amount: '10.99', currency: 'usd', type: 'order' },
      { amount: 0, currency: 'usd', type: 'order' },
      { amount: 10.991, currency: 'usd', type: 'order' },
      { amount: 10.99, currency: 'usd', type: 'order', price: 0.01 },
    ]) {
      const response = await createPayment(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(user.id, codeIds)).toEqual(before);
    const anonymous = await app.request('POST', '/api/payment/create', { body: { amount: 10.99, currency: 'usd', type: 'order' } });
    expect(anonymous.status).toBe(401);
  });

  it('is rate limited per shopper', async () => {
    const user = await app.createUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await createPayment(user, { amount: 1, currency: 'usd', type: 'order' })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('gives everything back when the gateway cannot start the payment: 503, codes available, cart restored', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 2, quantity: 2 });
    const cartBefore = await app.db('cart_items').where({ user_id: user.id }).select('product_id', 'game_amount', 'price_usd', 'price_rub', 'quantity');
    const broken: PaymentGateway = {
      name: 'sandbox',
      capabilities: SANDBOX_CAPABILITIES,
      createPayment: async () => {
        throw new Error('gateway down');
      },
      readWebhook: () => {
        throw new Error('unused');
      },
    };
    const payments = createPaymentsService({
      db: app.db,
      gateways: paymentGatewaysOf(broken),
      topups: createTopupService({ db: app.db, players: undefined as never, steam: undefined as never, games: undefined as never }),
      logger,
      holdMinutes: 15,
      publicUrl: app.baseUrl,
      catalogueChanges: createCatalogueChanges(app.invalidations),
    });
    await expect(payments.startPayment(user.id, { amount: 21.98, currency: 'usd', type: 'order', method: 'card' })).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    const [order] = await app.db('orders').where({ user_id: user.id });
    expect(order).toMatchObject({ status: 'cancelled', notices: [{ code: 'PAYMENT_NOT_STARTED', params: {} }] });
    expect(await paymentOf(order.id)).toMatchObject({ status: 'declined' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['available', 'available']);
    expect(await app.db('cart_items').where({ user_id: user.id }).select('product_id', 'game_amount', 'price_usd', 'price_rub', 'quantity')).toEqual(cartBefore);
  });
});

describe('the sandbox pay page', () => {
  it('shows the amount, the merchant and a card form prefilled with the test card, without scripts', async () => {
    const { payPath, orderId } = await startedPayment({ quantity: 2 });
    const response = await fetch(`${app.baseUrl}${payPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('$21.98');
    expect(html).toContain('TopUp Arena');
    expect(html).toContain(`Order #${orderId}`);
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain(`<form method="post" action="${payPath}">`);
    expect(html).toContain('name="decision" value="pay"');
    expect(html).toContain('name="decision" value="decline"');
    expect(html).not.toContain('<script');
  });

  it('answers 404 for an unknown payment', async () => {
    for (const id of [`pay_${'0'.repeat(32)}`, 'not-a-payment']) {
      const response = await fetch(`${app.baseUrl}/api/payment/sandbox/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Payment not found');
    }
  });

  it('Pay: the signed webhook is recorded, the order is paid and fulfilled with its codes; the page then shows the outcome', async () => {
    const { user, payPath, orderId, payment } = await startedPayment({ quantity: 2 });
    const submitted = await submitPayForm(payPath, { ...TEST_CARD, decision: 'pay' });
    expect(submitted.status).toBe(303);
    expect(submitted.location).toBe(`/orders/${orderId}`);

    const [event] = await eventsOf(payment.id);
    expect(event).toMatchObject({
      provider: 'sandbox',
      provider_event_id: `evt_${payment.provider_payment_id}`,
      event_type: 'payment.succeeded',
      processed_at: null,
      payload: { amount: 2198, currency: 'usd', provider_payment_id: payment.provider_payment_id },
    });
    expect(await jobsFor('payment-callback', 'gatewayEventId', event.id)).toHaveLength(1);

    expect(await callbacks.applyGatewayEvent(event.id)).toBe('paid');
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', paid_at: expect.any(Date) });
    const paid = await orderOf(orderId);
    expect(paid).toMatchObject({ status: 'processing', paid_at: expect.any(Date) });
    // Paid codes are held for fulfilment well beyond the payment hold.
    for (const code of await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId })) {
      expect(code.reserved_until.getTime()).toBeGreaterThan(paid.hold_expires_at.getTime());
    }
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toHaveLength(1);

    await fulfilment.fulfilOrder(orderId);
    const shown = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(shown.body.status).toBe('completed');
    expect(shown.body.items.map((item: any) => item.code.code)).toEqual([expect.stringMatching(/^CODE-/), expect.stringMatching(/^CODE-/)]);

    const page = await (await fetch(`${app.baseUrl}${payPath}`)).text();
    expect(page).toContain('Payment received');
    expect(page).not.toContain('<form');
    const again = await submitPayForm(payPath, { ...TEST_CARD, decision: 'decline' });
    expect(again.status).toBe(409);
    expect(await eventsOf(payment.id)).toHaveLength(1);
  });

  it('shows the outcome as soon as the decision is delivered, before the store has applied it', async () => {
    const { payPath, payment } = await startedPayment();
    await submitPayForm(payPath, { ...TEST_CARD, decision: 'decline' });
    expect(await paymentOf(payment.order_id)).toMatchObject({ status: 'pending' });
    const page = await (await fetch(`${app.baseUrl}${payPath}`)).text();
    expect(page).toContain('Payment declined');
    expect(page).not.toContain('<form');
  });

  it('Decline: the order is cancelled and its codes are available again', async () => {
    const { user, payPath, orderId, payment, codeIds } = await startedPayment({ quantity: 2 });
    const submitted = await submitPayForm(payPath, { decision: 'decline' });
    expect(submitted).toMatchObject({ status: 303, location: `/orders/${orderId}` });
    const [event] = await eventsOf(payment.id);
    expect(event.event_type).toBe('payment.declined');

    expect(await callbacks.applyGatewayEvent(event.id)).toBe('declined');
    expect(await callbacks.applyGatewayEvent(event.id)).toBe('already-processed');
    expect(await paymentOf(orderId)).toMatchObject({ status: 'declined', paid_at: null });
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', notices: [{ code: 'CARD_DECLINED', params: {} }] });
    expect((await app.request('GET', `/api/orders/${orderId}`, { token: user.token })).body).toMatchObject({
      status: 'cancelled',
      notices: [{ code: 'CARD_DECLINED', params: {} }],
    });
    const codes = await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds);
    expect(codes.map((code) => [code.status, code.order_id, code.reserved_until])).toEqual([
      ['available', null, null],
      ['available', null, null],
    ]);
    const items = await fixtures.orderItems([orderId]);
    expect(items).toHaveLength(2);
    expect(items.every((item) => item.code_id === null && item.generated_code_id === null)).toBe(true);
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toEqual([]);
    const shown = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(shown.body).toMatchObject({ status: 'cancelled' });
    expect(shown.body.items).toHaveLength(2);
  });

  it('an SBP payment declined on the sandbox page: the order was paid by sbp, and says the SBP payment was cancelled', async () => {
    const { user } = await shopperWithCart({ codes: 1, quantity: 1 });
    const created = await createPayment(user, { amount: 10.99, currency: 'usd', type: 'order', method: 'sbp' });
    expect(created.status).toBe(201);
    const orderId: number = created.body.orderId;
    const payment = await paymentOf(orderId);
    expect(await submitPayForm(new URL(created.body.pay_url).pathname, { decision: 'decline' })).toMatchObject({ status: 303 });
    const [event] = await eventsOf(payment.id);
    expect(await callbacks.applyGatewayEvent(event.id)).toBe('declined');
    expect((await app.request('GET', `/api/orders/${orderId}`, { token: user.token })).body).toMatchObject({
      status: 'cancelled',
      payment_method: 'sbp',
      notices: [{ code: 'SBP_DECLINED', params: {} }],
    });
  });

  it('refuses an invalid card with the form and its error, recording nothing', async () => {
    const { payPath, payment } = await startedPayment();
    const rejected = await submitPayForm(payPath, { ...TEST_CARD, card_number: '4242 4242 4242 4241', decision: 'pay' });
    expect(rejected.status).toBe(422);
    expect(rejected.text).toContain('The card number is not valid.');
    expect(rejected.text).toContain('value="4242 4242 4242 4241"');
    const expired = await submitPayForm(payPath, { ...TEST_CARD, expiry: '01/20', decision: 'pay' });
    expect(expired.status).toBe(422);
    expect(expired.text).toContain('The card has expired.');
    const noDecision = await submitPayForm(payPath, { ...TEST_CARD, decision: 'maybe' });
    expect(noDecision.status).toBe(400);
    expect(await eventsOf(payment.id)).toEqual([]);
  });

  it('does not take a decision once the hold has ended', async () => {
    const { payPath, orderId, payment } = await startedPayment();
    await fixtures.lapseHold(orderId);
    const submitted = await submitPayForm(payPath, { ...TEST_CARD, decision: 'pay' });
    expect(submitted.status).toBe(409);
    expect(submitted.text).toContain('Payment expired');
    expect(await eventsOf(payment.id)).toEqual([]);
  });
});

describe('POST /api/payment/webhook/:provider', () => {
  it('refuses a bad, missing, stale or foreign signature with 401 and records nothing', async () => {
    const { payment } = await startedPayment();
    const body = succeeded(payment);
    const rawBody = JSON.stringify(body);
    const valid = signWebhook(app.config.paymentWebhookSecret, rawBody);
    const cases = [
      sandboxWebhook(body, { signature: null }),
      sandboxWebhook(body, { signature: 'garbage' }),
      sandboxWebhook(body, { secret: 'not-the-secret' }),
      // Well past the 300 s tolerance, so a busy machine cannot bring them back inside it.
      sandboxWebhook(body, { timestamp: Math.floor(Date.now() / 1000) - 400 }),
      sandboxWebhook(body, { timestamp: Math.floor(Date.now() / 1000) + 400 }),
      // A valid signature of another body.
      sandboxWebhook({ ...body, amount: 1 }, { signature: valid }),
      // Re-serialised JSON is not the raw body that was signed.
      app.request('POST', '/api/payment/webhook/sandbox', { rawBody: JSON.stringify(body, null, 2), headers: { 'x-sandbox-signature': valid } }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    }
    expect(await app.db('gateway_events').where({ provider_event_id: body.event_id })).toEqual([]);
    expect(await eventsOf(payment.id)).toEqual([]);
    expect(await paymentOf(payment.order_id)).toMatchObject({ status: 'pending' });
  });

  it('answers 404 for an unknown provider and 400 for a signed body that is not an event', async () => {
    const rawBody = JSON.stringify({ event_id: 'evt_1' });
    const unknown = await app.request('POST', '/api/payment/webhook/stripe', {
      rawBody,
      headers: { 'x-sandbox-signature': signWebhook(app.config.paymentWebhookSecret, rawBody) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const malformed = await sandboxWebhook({ event_id: 'evt_1', type: 'payment.refunded', payment_id: 'x', amount: 1, currency: 'usd' });
    expect(malformed.status).toBe(400);
    expect(await app.db('gateway_events').where({ provider_event_id: 'evt_1' })).toEqual([]);
  });

  it('the same webhook delivered 10 times at once: one event, one payment applied, one fulfilment', async () => {
    const { payment, orderId } = await startedPayment();
    const body = succeeded(payment);
    const rawBody = JSON.stringify(body);
    const signature = signWebhook(app.config.paymentWebhookSecret, rawBody);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.request('POST', '/api/payment/webhook/sandbox', { rawBody, headers: { 'x-sandbox-signature': signature } }),
      ),
    );
    for (const response of responses) expect(response).toMatchObject({ status: 200, body: { received: true } });
    const events = await eventsOf(payment.id);
    expect(events).toHaveLength(1);
    expect(await jobsFor('payment-callback', 'gatewayEventId', events[0].id)).toHaveLength(1);

    // The job itself, run 10 times at once as a worst case of queue retries.
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => callbacks.applyGatewayEvent(events[0].id)));
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-processed')).toHaveLength(9);
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toHaveLength(1);
    expect(await orderOf(orderId)).toMatchObject({ status: 'processing' });

    // A second event of the same payment (another id) changes nothing either.
    const other = await sandboxWebhook(succeeded(payment));
    expect(other.status).toBe(200);
    const [, second] = await eventsOf(payment.id);
    expect(await callbacks.applyGatewayEvent(second.id)).toBe('already-paid');
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toHaveLength(1);
  });

  it('never fulfils or credits a payment of another amount or currency: the order is flagged and waits for an operator', async () => {
    const { user, payment, orderId, codeIds } = await startedPayment();
    for (const body of [{ ...succeeded(payment), amount: payment.amount - 1 }, { ...succeeded(payment), currency: 'rub' }]) {
      expect((await sandboxWebhook(body)).status).toBe(200);
    }
    const events = await eventsOf(payment.id);
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(await callbacks.applyGatewayEvent(event.id)).toBe('amount-mismatch');
      expect(await app.db('gateway_events').where({ id: event.id }).first()).toMatchObject({ processed_at: expect.any(Date) });
    }
    expect(await paymentOf(orderId)).toMatchObject({ status: 'pending' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', attention_reason: expect.stringContaining('another amount'), attention_since: expect.any(Date) });
    // Flagged once, with what the gateway reported.
    const flags = await app.db('order_events').where({ order_id: orderId, kind: 'attention_raised' });
    expect(flags.map((flag) => flag.payload)).toEqual([
      expect.objectContaining({ cause: 'payment_mismatch', expected: { amount: 1099, currency: 'usd' }, got: { amount: 1098, currency: 'usd' } }),
    ]);
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toEqual([]);
    expect(await app.db('balance_ledger').where({ user_id: user.id })).toEqual([]);

    // The hold's end leaves a flagged order to the operator: its codes stay held.
    await fixtures.lapseHold(orderId);
    await expiry.expireHolds();
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['reserved']);
  });

  it('keeps an event of another sum apart from its id, so the right event with that id still pays the order', async () => {
    const { payment, orderId } = await startedPayment();
    const eventId = `evt_test_${Math.random().toString(36).slice(2)}`;
    const wrong = { ...succeeded(payment, eventId), amount: payment.amount - 1 };
    // Each delivered five times at once: the wrong one is kept once, under a key of its own.
    const bodies = [...Array(5).fill(wrong), ...Array(5).fill(succeeded(payment, eventId))];
    for (const response of await Promise.all(bodies.map((body) => sandboxWebhook(body)))) expect(response.status).toBe(200);
    const events = await eventsOf(payment.id);
    expect(events).toHaveLength(2);
    const first = events.find((event) => event.provider_event_id !== eventId);
    const second = events.find((event) => event.provider_event_id === eventId);
    expect(first.payload).toMatchObject({ amount: payment.amount - 1 });
    expect(second.payload).toMatchObject({ amount: payment.amount });

    expect(await callbacks.applyGatewayEvent(first.id)).toBe('amount-mismatch');
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', attention_reason: expect.stringContaining('another amount') });
    expect(await callbacks.applyGatewayEvent(second.id)).toBe('paid');
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid' });
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toHaveLength(1);
  });

  it('checks a signed decline like a success: one of another sum or currency cancels nothing and flags the order', async () => {
    const { payment, orderId, codeIds } = await startedPayment();
    const declined = (body: Record<string, unknown>) => ({ ...body, type: 'payment.declined' });
    for (const body of [declined({ ...succeeded(payment), amount: payment.amount + 1 }), declined({ ...succeeded(payment), currency: 'rub' })]) {
      expect((await sandboxWebhook(body)).status).toBe(200);
    }
    for (const event of await eventsOf(payment.id)) expect(await callbacks.applyGatewayEvent(event.id)).toBe('amount-mismatch');
    expect(await paymentOf(orderId)).toMatchObject({ status: 'pending' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', attention_reason: expect.stringContaining('another amount') });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['reserved']);

    // The payment's own decline still cancels the order.
    expect((await sandboxWebhook(declined(succeeded(payment)))).status).toBe(200);
    const events = await eventsOf(payment.id);
    expect(await callbacks.applyGatewayEvent(events.at(-1).id)).toBe('declined');
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['available']);
  });

  it('a payment after the hold ended goes back to the card, once, and the order stays cancelled', async () => {
    const { user, payment, orderId, codeIds } = await startedPayment();
    await fixtures.lapseHold(orderId);
    await expiry.expireHolds();
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['available']);

    const body = succeeded(payment);
    expect((await sandboxWebhook(body)).status).toBe(200);
    const [event] = await eventsOf(payment.id);
    expect(await callbacks.applyGatewayEvent(event.id)).toBe('late-refund');
    expect(await callbacks.applyGatewayEvent(event.id)).toBe('already-processed');

    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', paid_at: expect.any(Date) });
    // The shopper is told both, in order, as codes their store writes out in their language.
    const shown = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(shown.body).toMatchObject({
      status: 'cancelled',
      notices: [
        { code: 'PAYMENT_EXPIRED', params: {} },
        { code: 'LATE_PAYMENT_REFUNDED', params: { refund: { amount: 10.99, currency: 'usd' } } },
      ],
      refunds: [expect.objectContaining({ destination: 'card', status: 'pending', amount: 10.99, currency: 'usd' })],
    });
    const [refund] = await app.db('payment_refunds').where({ order_id: orderId });
    expect(await jobsFor('payment-callback', 'refundId', refund.id)).toHaveLength(1);
    expect(await app.db('balance_ledger').where({ user_id: user.id })).toEqual([]);
    expect(await jobsFor('fulfilment', 'orderId', orderId)).toEqual([]);
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['available']);
  });

  it('a payment arriving after the hold but before the expiry run cancels the order and goes back to the card', async () => {
    const { user, payment, orderId, codeIds } = await startedPayment();
    await fixtures.lapseHold(orderId);
    expect((await sandboxWebhook(succeeded(payment))).status).toBe(200);
    const [event] = await eventsOf(payment.id);
    expect(await callbacks.applyGatewayEvent(event.id)).toBe('late-refund');
    expect(await orderOf(orderId)).toMatchObject({
      status: 'cancelled',
      notices: [{ code: 'LATE_PAYMENT_REFUNDED', params: { refund: { amount: 1099, currency: 'usd' } } }],
    });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['available']);
    expect(await app.db('payment_refunds').where({ order_id: orderId })).toEqual([expect.objectContaining({ amount: 1099, status: 'pending' })]);
    expect(await app.db('balance_ledger').where({ user_id: user.id })).toEqual([]);
  });
});

describe('reservation expiry', () => {
  it('releases the codes of lapsed pending orders only, in batches, and is idempotent', async () => {
    const lapsed = await Promise.all([startedPayment({ quantity: 2 }), startedPayment(), startedPayment()]);
    const current = await startedPayment();
    for (const started of lapsed) await fixtures.lapseHold(started.orderId);

    // A paid balance order holds its codes as 'reserved' until fulfilment: never released.
    const buyer = await app.createUser();
    const product = await fixtures.product();
    const balanceCodes = await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: buyer.id, productId: product.id, ...OPTION, quantity: 1 });
    await fixtures.fundBalance(buyer.id, 'usd', 1099);
    const bought = await app.request('POST', '/api/payment/from-balance', { token: buyer.token, body: { currency: 'usd' } });
    expect(bought.status).toBe(201);
    const balanceOrder = bought.body.orderId;
    await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', balanceCodes).update({ reserved_until: app.db.raw("now() - interval '1 hour'") });

    const run = await expiry.expireHolds({ batchSize: 2 });
    expect(run.orders).toBeGreaterThanOrEqual(3);
    for (const started of lapsed) {
      expect(await orderOf(started.orderId)).toMatchObject({ status: 'cancelled', notices: [{ code: 'PAYMENT_EXPIRED', params: {} }] });
      expect(await paymentOf(started.orderId)).toMatchObject({ status: 'expired' });
      expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', started.codeIds).pluck('status')).toEqual(started.codeIds.map(() => 'available'));
      expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', started.codeIds).pluck('order_id')).toEqual(started.codeIds.map(() => null));
      const items = await fixtures.orderItems([started.orderId]);
      expect(items.length).toBe(started.codeIds.length);
      expect(items.every((item) => item.code_id === null)).toBe(true);
    }

    expect(await orderOf(current.orderId)).toMatchObject({ status: 'pending' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', current.codeIds).pluck('status')).toEqual(['reserved']);
    expect(await orderOf(balanceOrder)).toMatchObject({ status: 'processing' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', balanceCodes).first()).toMatchObject({ status: 'reserved', order_id: balanceOrder });
    expect((await fixtures.orderItems([balanceOrder])).map((item) => item.code_id)).toEqual(balanceCodes);

    // Released codes can be bought again, and a second run finds nothing to do.
    expect(await expiry.expireHolds()).toEqual({ orders: 0, codes: 0 });
    const again = await app.createUser();
    await fixtures.cartLine({ userId: again.id, productId: lapsed[1]!.product.id, ...OPTION, quantity: 1 });
    expect((await createPayment(again, { amount: 10.99, currency: 'usd', type: 'order' })).status).toBe(201);
  });
});
