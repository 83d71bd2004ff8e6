import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startYookassaStandIn, type YookassaStandIn } from './yookassa-stand-in';

/**
 * The stand-in refuses what YooKassa's API refuses (yookassa.ru/developers/api), with YooKassa's error
 * body, so the store's tests cannot pass against something more lenient than the real API.
 */

const SHOP_ID = '778899';
const SECRET_KEY = 'test_strict_stand_in';
const DAY_MS = 24 * 3600 * 1000;

let receipts: YookassaStandIn;
let plain: YookassaStandIn;

beforeAll(async () => {
  receipts = await startYookassaStandIn({ shopId: SHOP_ID, secretKey: SECRET_KEY, receipts: true, pendingExpiryMs: 60_000 });
  plain = await startYookassaStandIn({ shopId: SHOP_ID, secretKey: SECRET_KEY, testShop: false });
});

afterAll(async () => {
  await receipts?.close();
  await plain?.close();
});

async function call(standIn: YookassaStandIn, method: 'GET' | 'POST', path: string, body?: unknown, key: string = randomUUID()) {
  const response = await fetch(`${standIn.url}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`,
      'Content-Type': 'application/json',
      ...(method === 'POST' ? { 'Idempotence-Key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const item = (fields: Record<string, unknown> = {}) => ({
  description: 'Gift card',
  quantity: 1,
  amount: { value: '100.00', currency: 'RUB' },
  vat_code: 1,
  payment_subject: 'service',
  payment_mode: 'full_payment',
  ...fields,
});

const payment = (fields: Record<string, unknown> = {}) => ({
  amount: { value: '100.00', currency: 'RUB' },
  capture: true,
  confirmation: { type: 'redirect', return_url: 'https://store.example/orders/1' },
  receipt: { customer: { email: 'buyer@example.com' }, items: [item()] },
  ...fields,
});

/** YooKassa's 400 body naming the parameter at fault. */
const invalid = (parameter: string) => ({
  status: 400,
  body: { type: 'error', id: expect.any(String), code: 'invalid_request', description: expect.any(String), parameter },
});

async function paidPayment(standIn: YookassaStandIn, value = '100.00'): Promise<string> {
  const created = await call(standIn, 'POST', '/payments', payment({
    amount: { value, currency: 'RUB' },
    receipt: { customer: { email: 'buyer@example.com' }, items: [item({ amount: { value, currency: 'RUB' } })] },
  }));
  expect(created.status).toBe(200);
  await standIn.succeed(created.body.id as string);
  return created.body.id as string;
}

describe('the YooKassa stand-in is as strict as YooKassa', () => {
  it('refuses a payment without a receipt when the shop sends receipts', async () => {
    expect(await call(receipts, 'POST', '/payments', payment({ receipt: undefined }))).toEqual(invalid('receipt'));
  });

  it('refuses tax_system_code outside 1..6 and vat_code outside 1..12', async () => {
    const receipt = (fields: Record<string, unknown>, items = [item()]) => payment({ receipt: { customer: { email: 'a@b.c' }, items, ...fields } });
    expect(await call(receipts, 'POST', '/payments', receipt({ tax_system_code: 7 }))).toEqual(invalid('receipt.tax_system_code'));
    expect(await call(receipts, 'POST', '/payments', receipt({ tax_system_code: 0 }))).toEqual(invalid('receipt.tax_system_code'));
    expect((await call(receipts, 'POST', '/payments', receipt({ tax_system_code: 6 }))).status).toBe(200);
    expect(await call(receipts, 'POST', '/payments', receipt({}, [item({ vat_code: 13 })]))).toEqual(invalid('receipt.items.vat_code'));
    expect((await call(receipts, 'POST', '/payments', receipt({}, [item({ vat_code: 12 })]))).status).toBe(200);
  });

  it('refuses more than 100 receipt items', async () => {
    const items = (count: number) => Array.from({ length: count }, () => item({ amount: { value: '1.00', currency: 'RUB' } }));
    const body = (count: number) =>
      payment({ amount: { value: `${count}.00`, currency: 'RUB' }, receipt: { customer: { email: 'a@b.c' }, items: items(count) } });
    expect(await call(receipts, 'POST', '/payments', body(101))).toEqual(invalid('receipt.items'));
    expect((await call(receipts, 'POST', '/payments', body(100))).status).toBe(200);
  });

  it('refuses a partial refund without a receipt when the shop sends receipts, and takes one with it', async () => {
    const paymentId = await paidPayment(receipts);
    const part = { payment_id: paymentId, amount: { value: '40.00', currency: 'RUB' } };
    expect(await call(receipts, 'POST', '/refunds', part)).toEqual(invalid('receipt'));
    const withReceipt = await call(receipts, 'POST', '/refunds', {
      ...part,
      receipt: { customer: { email: 'buyer@example.com' }, items: [item({ amount: { value: '40.00', currency: 'RUB' } })] },
    });
    expect(withReceipt).toMatchObject({ status: 200, body: { status: 'succeeded', amount: { value: '40.00' } } });
    // The rest of it is still a part of the payment: a receipt is needed again.
    expect(await call(receipts, 'POST', '/refunds', { payment_id: paymentId, amount: { value: '60.00', currency: 'RUB' } })).toEqual(invalid('receipt'));
  });

  it('takes a full refund without a receipt: YooKassa reuses the payment’s', async () => {
    const paymentId = await paidPayment(receipts);
    expect((await call(receipts, 'POST', '/refunds', { payment_id: paymentId, amount: { value: '100.00', currency: 'RUB' } })).status).toBe(200);
  });

  it('forgets an idempotence key after 24 hours: the same request then makes a second refund', async () => {
    const paymentId = await paidPayment(plain, '300.00');
    const key = randomUUID();
    const body = { payment_id: paymentId, amount: { value: '100.00', currency: 'RUB' } };
    const first = await call(plain, 'POST', '/refunds', body, key);
    plain.advanceClock(DAY_MS - 60_000);
    expect((await call(plain, 'POST', '/refunds', body, key)).body.id).toBe(first.body.id);
    plain.advanceClock(120_000);
    const later = await call(plain, 'POST', '/refunds', body, key);
    expect(later.status).toBe(200);
    expect(later.body.id).not.toBe(first.body.id);
    expect([...plain.refunds.values()].filter((refund) => refund.request.payment_id === paymentId)).toHaveLength(2);
  });

  it('cancels a payment left pending past its payable window as expired_on_confirmation', async () => {
    const created = await call(receipts, 'POST', '/payments', payment());
    receipts.advanceClock(59_000);
    expect((await call(receipts, 'GET', `/payments/${created.body.id}`)).body.status).toBe('pending');
    receipts.advanceClock(2_000);
    expect((await call(receipts, 'GET', `/payments/${created.body.id}`)).body).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
    });
  });

  it('cancels a held payment not captured within its 7 days as expired_on_capture', async () => {
    const created = await call(plain, 'POST', '/payments', payment({ capture: false, receipt: undefined }));
    await plain.succeed(created.body.id);
    const held = await call(plain, 'GET', `/payments/${created.body.id}`);
    expect(held.body).toMatchObject({ status: 'waiting_for_capture', expires_at: expect.any(String) });
    plain.advanceClock(Date.parse(held.body.expires_at) - Date.parse(held.body.created_at) + 1_000);
    expect((await call(plain, 'GET', `/payments/${created.body.id}`)).body).toMatchObject({
      status: 'canceled',
      cancellation_details: { party: 'yoo_money', reason: 'expired_on_capture' },
    });
    const late = await call(plain, 'POST', `/payments/${created.body.id}/capture`, { amount: { value: '100.00', currency: 'RUB' } });
    expect(late.status).toBe(400);
  });

  it('refuses a two-stage SBP payment: SBP is one-stage, so capture must be true', async () => {
    const sbp = { payment_method_data: { type: 'sbp' }, receipt: undefined };
    expect(await call(plain, 'POST', '/payments', payment({ ...sbp, capture: false }))).toMatchObject(invalid('capture'));
    expect(await call(plain, 'POST', '/payments', payment({ ...sbp, capture: undefined }))).toMatchObject(invalid('capture'));
    expect((await call(plain, 'POST', '/payments', payment(sbp))).status).toBe(200);
  });

  it('refuses a payment in another currency than the shop\'s roubles', async () => {
    const dollars = payment({ amount: { value: '100.00', currency: 'USD' }, receipt: undefined });
    expect(await call(plain, 'POST', '/payments', dollars)).toEqual(invalid('amount.currency'));
  });

  it('refuses a payment under 1 rouble, over 350 000 by card or over 700 000 by SBP', async () => {
    const paying = (value: string, type?: string) =>
      call(plain, 'POST', '/payments', payment({ amount: { value, currency: 'RUB' }, receipt: undefined, ...(type ? { payment_method_data: { type } } : {}) }));
    expect(await paying('0.99')).toEqual(invalid('amount.value'));
    expect(await paying('0.99', 'sbp')).toEqual(invalid('amount.value'));
    expect(await paying('350000.01', 'bank_card')).toEqual(invalid('amount.value'));
    expect(await paying('700000.01', 'sbp')).toEqual(invalid('amount.value'));
    for (const [value, type] of [['1.00', 'bank_card'], ['350000.00', 'bank_card'], ['700000.00', 'sbp']]) {
      expect((await paying(value as string, type)).status, `${value} ${type}`).toBe(200);
    }
  });

  it('refuses a receipt whose customer email is no address or whose phone is not E.164 digits', async () => {
    const customer = (fields: Record<string, unknown>) => payment({ receipt: { customer: fields, items: [item()] } });
    expect(await call(receipts, 'POST', '/payments', customer({ email: 'buyer.example.com' }))).toEqual(invalid('receipt.customer.email'));
    expect(await call(receipts, 'POST', '/payments', customer({ phone: '+7 900 000-00-00' }))).toEqual(invalid('receipt.customer.phone'));
    expect((await call(receipts, 'POST', '/payments', customer({ phone: '79000000000' }))).status).toBe(200);
  });

  it('marks payments of a live shop test: false, and of a test shop test: true', async () => {
    expect((await call(plain, 'GET', `/payments/${await paidPayment(plain)}`)).body.test).toBe(false);
    expect((await call(receipts, 'GET', `/payments/${await paidPayment(receipts)}`)).body.test).toBe(true);
  });
});

describe('the stand-in’s faults', () => {
  it('go to the request that arrives next, not to a slow one still under way whose client gave up', async () => {
    plain.latencyMs = 300;
    const abandoned = fetch(`${plain.url}/payments/${randomUUID()}`, { signal: AbortSignal.timeout(50) }).catch(() => 'gave up');
    expect(await abandoned).toBe('gave up');
    plain.latencyMs = 0;
    plain.failNext(500);
    // The abandoned request wakes meanwhile; the fault is still the next request's.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await call(plain, 'POST', '/payments', payment({ receipt: undefined }))).status).toBe(500);
    expect((await call(plain, 'POST', '/payments', payment({ receipt: undefined }))).status).toBe(200);
  });
});
