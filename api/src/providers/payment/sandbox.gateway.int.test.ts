import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger';
import { startTestApp, type TestApp } from '../../testing/harness';
import type { AppState } from '../../types';
import { WebhookPayloadError, WebhookSignatureError } from './payment-gateway';
import { createSandboxGateway } from './sandbox.gateway';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const SECRET = 'test-webhook-secret';

describe('webhook signatures', () => {
  const body = '{"event_id":"evt_1"}';
  const now = 1_800_000_000;

  it('accepts its own signature within five minutes either way, and a rotated secret alongside', () => {
    for (const age of [0, 300, -300]) {
      expect(() => verifyWebhookSignature(SECRET, body, signWebhook(SECRET, body, now - age), { nowSeconds: now })).not.toThrow();
    }
    const old = signWebhook('old-secret', body, now).split(',')[1];
    expect(() => verifyWebhookSignature(SECRET, body, `${signWebhook(SECRET, body, now)},${old}`, { nowSeconds: now })).not.toThrow();
  });

  it('refuses anything else', () => {
    const signed = signWebhook(SECRET, body, now);
    const cases: Array<[string | undefined, string | string[] | undefined]> = [
      [body, undefined],
      [body, ''],
      [body, ['a', 'b']],
      [body, 'v1=abc'],
      [body, `t=${now}`],
      [body, signWebhook('other', body, now)],
      [body, signWebhook(SECRET, body, now - 301)],
      [body, signWebhook(SECRET, body, now + 301)],
      [`${body} `, signed],
      [undefined, signed],
      [body, signed.replace(/.$/, (last) => (last === '0' ? '1' : '0'))],
    ];
    for (const [rawBody, header] of cases) {
      expect(() => verifyWebhookSignature(SECRET, rawBody, header, { nowSeconds: now }), String(header)).toThrow(WebhookSignatureError);
    }
  });
});

describe('the sandbox gateway', () => {
  let app: TestApp;
  let receiver: Server;
  let gatewayServer: Server;
  let gatewayUrl: string;
  /** What the store's stand-in received; it refuses the first `failures` deliveries. */
  const received: Array<{ headers: IncomingHttpHeaders; body: string; at: number }> = [];
  let failures = 0;

  beforeAll(async () => {
    app = await startTestApp();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        res.statusCode = received.length <= failures ? 503 : 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const gateway = createSandboxGateway({
      db: app.db,
      logger: createLogger('silent', 'sandbox-test'),
      webhookSecret: SECRET,
      publicUrl: 'https://store.example/',
      webhookUrl: () => receiverUrl,
      delivery: { attempts: 4, firstRetryDelayMs: 20, timeoutMs: 1000 },
    });
    const koa = new Koa<AppState>();
    const routes = gateway.routes!();
    koa.use(routes.routes());
    gatewayServer = koa.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => gatewayServer.once('listening', () => resolve()));
    gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => gatewayServer?.close(resolve));
    await new Promise((resolve) => receiver?.close(resolve));
    await app?.close();
  });

  /** A pending order and its payment, as the store writes them, registered with this gateway. */
  async function sandboxPayment(amount: number) {
    const user = await app.createUser();
    const gateway = createSandboxGateway({ db: app.db, logger: createLogger('silent', 'x'), webhookSecret: SECRET, publicUrl: 'https://store.example/' });
    const [order] = await app
      .db('orders')
      .insert({ user_id: user.id, status: 'pending', kind: 'codes', payment_method: 'card', currency: 'usd', total: amount, total_usd: amount, rate_usd_rub: '79', hold_expires_at: app.db.raw("now() + interval '15 minutes'") })
      .returning('id');
    const [payment] = await app
      .db('payments')
      .insert({ user_id: user.id, order_id: order.id, provider: 'sandbox', amount, currency: 'usd', expires_at: app.db.raw("now() + interval '15 minutes'") })
      .returning(['id', 'idempotence_key']);
    const created = await gateway.createPayment({ paymentId: payment.id, idempotenceKey: payment.idempotence_key, orderId: order.id, amount, currency: 'usd', description: 'x', method: 'card', returnUrl: 'https://store.example/orders/1' });
    await app.db('payments').where({ id: payment.id }).update({ provider_payment_id: created.providerPaymentId, pay_url: created.payUrl });
    return { orderId: order.id, ...created };
  }

  it('hands out unguessable pay page links under the public URL, the same one for a repeated create', async () => {
    const gateway = createSandboxGateway({ db: app.db, logger: createLogger('silent', 'x'), webhookSecret: SECRET, publicUrl: 'https://store.example/' });
    const request = (idempotenceKey: string) =>
      gateway.createPayment({ paymentId: 1, idempotenceKey, orderId: 1, amount: 100, currency: 'usd', description: 'x', method: 'card', returnUrl: 'https://store.example/orders/1' });
    const key = randomUUID();
    const first = await request(key);
    expect(first.payUrl).toBe(`https://store.example/api/payment/sandbox/${first.providerPaymentId}`);
    expect(first.providerPaymentId).toMatch(/^pay_[0-9a-f]{32}$/);
    expect(await request(key)).toEqual(first);
    expect((await request(randomUUID())).providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('retries the signed webhook with growing delays until the store answers 2xx, then redirects', async () => {
    const { orderId, providerPaymentId } = await sandboxPayment(2500);
    received.length = 0;
    failures = 2;
    const response = await fetch(`${gatewayUrl}/payment/sandbox/${providerPaymentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=pay&card_number=4242+4242+4242+4242&expiry=12%2F34&cvc=123',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/orders/${orderId}`);

    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 5000, interval: 10 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(3);
    // Retries wait 20 ms, then 40 ms.
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(18);
    expect(received[2]!.at - received[1]!.at).toBeGreaterThanOrEqual(38);
    for (const delivery of received) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(() => verifyWebhookSignature(SECRET, delivery.body, delivery.headers['x-sandbox-signature'])).not.toThrow();
      expect(JSON.parse(delivery.body)).toEqual({
        event_id: `evt_${providerPaymentId}`,
        type: 'payment.succeeded',
        payment_id: providerPaymentId,
        amount: 2500,
        currency: 'usd',
      });
    }
  });

  it('gives up after the last attempt', async () => {
    const { providerPaymentId } = await sandboxPayment(700);
    received.length = 0;
    failures = 100;
    const response = await fetch(`${gatewayUrl}/payment/sandbox/${providerPaymentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=decline',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    await vi.waitFor(() => expect(received).toHaveLength(4), { timeout: 5000, interval: 10 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received).toHaveLength(4);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'payment.declined', amount: 700 });
  });

  it('verifies and reads its webhooks', () => {
    const gateway = createSandboxGateway({ db: app.db, logger: createLogger('silent', 'x'), webhookSecret: SECRET, publicUrl: 'http://x' });
    const body = JSON.stringify({ event_id: 'evt_9', type: 'payment.declined', payment_id: 'pay_9', amount: 100, currency: 'rub' });
    expect(gateway.readWebhook(body, { 'x-sandbox-signature': signWebhook(SECRET, body) })).toEqual({
      kind: 'event',
      event: { eventId: 'evt_9', type: 'payment.declined', providerPaymentId: 'pay_9', amount: 100, currency: 'rub', payload: JSON.parse(body) },
    });
    expect(() => gateway.readWebhook(body, {})).toThrow(WebhookSignatureError);
    for (const bad of ['[]', 'null', '{"event_id":"e"}', 'not json', JSON.stringify({ ...JSON.parse(body), amount: 1.5 })]) {
      expect(() => gateway.readWebhook(bad, { 'x-sandbox-signature': signWebhook(SECRET, bad) }), bad).toThrow(WebhookPayloadError);
    }
  });
});
