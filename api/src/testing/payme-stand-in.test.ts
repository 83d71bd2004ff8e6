import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymeCheckoutError, paymeTransactionId, startPaymeStandIn, type PaymeStandIn } from './payme-stand-in';

/**
 * The stand-in plays Payme as strictly as Payme (developer.help.paycom.uz): it calls a merchant the
 * way "Формат запроса" shows, refuses every answer Payme would not read, sends nothing Payme's types
 * forbid, and refuses checkout links as "Ошибки отправки чека" say. Here the merchant is a scripted
 * endpoint, so each wrong answer is exactly the one under test.
 */

const MERCHANT = '5e730e8e0b852a417aa49ceb';
const KEY = 'stand-in-test-key';

type Script = (call: { id: number; method: string; params: Record<string, unknown> }) => { status?: number; text?: string; body?: unknown };

let payme: PaymeStandIn;
let merchant: Server;
let script: Script = () => ({ body: {} });
const received: Array<{ method?: string; headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  merchant = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method, headers: req.headers, body });
      const answer = script(JSON.parse(body));
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.text ?? JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
});

// A Payme of its own for each test: what one test's transactions left is no other's.
beforeEach(async () => {
  payme = await startPaymeStandIn({ merchantId: MERCHANT, key: KEY });
  payme.connect(`http://127.0.0.1:${(merchant.address() as AddressInfo).port}/payme`);
});

afterEach(async () => {
  await payme?.close();
});

afterAll(async () => {
  await new Promise((resolve) => merchant?.close(resolve));
});

/** The merchant answers every call with this result (or this whole body). */
const answering = (result: Record<string, unknown>) => {
  script = ({ id }) => ({ body: { jsonrpc: '2.0', id, result } });
};
const now = Date.now();
const created = (fields: Record<string, unknown> = {}) => ({ create_time: now, transaction: '17', state: 1, ...fields });
const checked = (fields: Record<string, unknown> = {}) => ({ create_time: now, perform_time: 0, cancel_time: 0, transaction: '17', state: 1, reason: null, ...fields });
const ACCOUNT = { order_id: '42' };
const OTHER_ACCOUNT = { order_id: '43' };

describe('calling the merchant as Payme does', () => {
  it('POSTs text/json with Basic Paycom:<key>, an integer id and the method and params only ("Формат запроса")', async () => {
    answering({ allow: true });
    received.length = 0;
    await payme.checkPerform(500, ACCOUNT);
    const [call] = received;
    expect(call?.method).toBe('POST');
    expect(call?.headers['content-type']).toBe('text/json; charset=UTF-8');
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from(`Paycom:${KEY}`).toString('base64')}`);
    const body = JSON.parse(call?.body ?? '{}');
    expect(Object.keys(body).sort()).toEqual(['id', 'method', 'params']);
    expect(body).toMatchObject({ method: 'CheckPerformTransaction', params: { amount: 500, account: ACCOUNT } });
    expect(Number.isInteger(body.id)).toBe(true);
  });

  it('sends nothing "Типы данных" forbid: ids of 24 characters, 13-digit times, positive whole tiyin, documented reasons', async () => {
    answering(created());
    received.length = 0;
    await expect(payme.create('5305e3bab097f420a62ced0', 500, ACCOUNT)).rejects.toThrow(/never sends CreateTransaction with this id/);
    await expect(payme.create(paymeTransactionId(), 500, ACCOUNT, 1_399_114_284)).rejects.toThrow(/this time/);
    await expect(payme.create(paymeTransactionId(), 0, ACCOUNT)).rejects.toThrow(/this amount/);
    await expect(payme.checkPerform(12.5, ACCOUNT)).rejects.toThrow(/this amount/);
    await expect(payme.cancel(paymeTransactionId(), 7)).rejects.toThrow(/this reason/);
    await expect(payme.statement(now, 99)).rejects.toThrow(/this to/);
    expect(received).toEqual([]);
  });
});

describe('refusing answers Payme would not read', () => {
  it('refuses an HTTP status other than 200, a body that is not JSON, another id, and both or neither of result and error', async () => {
    const refusals: Array<[Script, RegExp]> = [
      [({ id }) => ({ status: 500, body: { id, result: { allow: true } } }), /HTTP 500/],
      [() => ({ text: 'OK' }), /not JSON/],
      [({ id }) => ({ body: { id: id + 1, result: { allow: true } } }), /id is not the call's/],
      [({ id }) => ({ body: { id, result: { allow: true }, error: { code: -31050, message: { ru: 'a', uz: 'b', en: 'c' }, data: 'order_id' } } }), /exactly one/],
      [({ id }) => ({ body: { id } }), /exactly one/],
    ];
    for (const [answer, reason] of refusals) {
      script = answer;
      await expect(payme.checkPerform(500, ACCOUNT), String(reason)).rejects.toThrow(reason);
    }
  });

  it('refuses an error without its message in ru, uz and en, and an account error not naming the account field', async () => {
    script = ({ id }) => ({ body: { id, error: { code: -31001, message: 'Wrong amount', data: 'amount' } } });
    await expect(payme.checkPerform(500, ACCOUNT)).rejects.toThrow(/ru, uz and en/);
    script = ({ id }) => ({ body: { id, error: { code: -31050, message: { ru: 'Нет', uz: "Yo'q", en: 'No' }, data: 'order' } } });
    await expect(payme.checkPerform(500, ACCOUNT)).rejects.toThrow(/account field/);
  });

  it('refuses a result of the wrong shape or state for its method', async () => {
    answering({ allow: false });
    await expect(payme.checkPerform(500, ACCOUNT)).rejects.toThrow(/allow: true/);
    const refusals: Array<[Record<string, unknown>, () => Promise<unknown>, RegExp]> = [
      [created({ state: 2 }), () => payme.create(paymeTransactionId(), 500, ACCOUNT), /state 1/],
      [created({ transaction: 17 }), () => payme.create(paymeTransactionId(), 500, ACCOUNT), /transaction must be/],
      [created({ create_time: 1_399_114_284 }), () => payme.create(paymeTransactionId(), 500, ACCOUNT), /create_time/],
      [{ transaction: '17', perform_time: now, state: 1 }, () => payme.perform(paymeTransactionId()), /state 2/],
      [{ transaction: '17', perform_time: 0, state: 2 }, () => payme.perform(paymeTransactionId()), /perform_time/],
      [{ transaction: '17', cancel_time: now, state: 1 }, () => payme.cancel(paymeTransactionId(), 3), /state -1 or -2/],
      [checked({ state: 3 }), () => payme.check(paymeTransactionId()), /state must be/],
      [checked({ perform_time: now }), () => payme.check(paymeTransactionId()), /perform_time must be 0/],
      [checked({ state: -1, cancel_time: now, reason: null }), () => payme.check(paymeTransactionId()), /documented reasons/],
      [checked({ state: -1, cancel_time: now, reason: 7 }), () => payme.check(paymeTransactionId()), /documented reasons/],
      [checked({ state: -2, cancel_time: now, reason: 5 }), () => payme.check(paymeTransactionId()), /perform_time must be a 13-digit/],
      [checked({ reason: 5 }), () => payme.check(paymeTransactionId()), /reason must be null/],
      [{ transactions: {} }, () => payme.statement(now, now), /transactions array/],
    ];
    for (const [result, send, reason] of refusals) {
      answering(result);
      await expect(send(), JSON.stringify(result)).rejects.toThrow(reason);
    }
  });

  it('refuses another transaction for a Payme id than the store first named, and a statement of transactions Payme did not create so', async () => {
    const id = paymeTransactionId();
    answering(created({ transaction: '17' }));
    await payme.create(id, 500, ACCOUNT, now);
    answering(created({ transaction: '18' }));
    await expect(payme.create(id, 500, ACCOUNT, now)).rejects.toThrow(/named transaction/);
    answering({ transaction: '18', perform_time: now, state: 2 });
    await expect(payme.perform(id)).rejects.toThrow(/named transaction/);

    const entry = { id, time: now, amount: 500, account: ACCOUNT, ...checked({ transaction: '17' }) };
    answering({ transactions: [entry] });
    expect((await payme.statement(now, now)).result?.transactions).toEqual([entry]);
    for (const wrong of [{ amount: 600 }, { time: now + 1 }, { account: { order_id: '43' } }, { id: paymeTransactionId() }]) {
      answering({ transactions: [{ ...entry, ...wrong }] });
      await expect(payme.statement(now, now + 1), JSON.stringify(wrong)).rejects.toThrow(/statement entry/);
    }
  });
});

describe("the checkout's links", () => {
  const link = (params: string) => `${payme.url}/${Buffer.from(params, 'utf8').toString('base64')}`;
  const good = `m=${MERCHANT};ac.order_id=42;a=500;c=https://store.example/orders/42`;

  async function refusal(url: string): Promise<{ status: number; code: string | undefined }> {
    const response = await fetch(url);
    const html = await response.text();
    return { status: response.status, code: /data-code="(-\d+)"/.exec(html)?.[1] };
  }

  it('shows a link of the cash desk, whatever its language', async () => {
    for (const params of [good, `${good};l=ru`, `${good};l=xx;ct=15000;cr=UZS`]) {
      expect((await fetch(link(params))).status, params).toBe(200);
    }
  });

  it('refuses a link of another cash desk with -31601, and one with a field of the wrong form with -31610', async () => {
    const refusals: Array<[string, string]> = [
      [`m=5e730e8e0b852a417aa49cec;ac.order_id=42;a=500`, '-31601'],
      [`ac.order_id=42;a=500`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=0`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=500.5`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=5e2`, '-31610'],
      [`m=${MERCHANT};a=500`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=500;a=600`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=500;c=/orders/42`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=500;ct=1.5s`, '-31610'],
      [`m=${MERCHANT};ac.order_id=42;a=500;cr=USD`, '-31610'],
    ];
    for (const [params, code] of refusals) {
      expect(await refusal(link(params)), params).toEqual({ status: 400, code });
      const error = await payme.pay(link(params)).catch((err: unknown) => err);
      expect(error, params).toBeInstanceOf(PaymeCheckoutError);
      expect(String((error as PaymeCheckoutError).code)).toBe(code);
    }
    expect(await refusal(`${payme.url}/not*base64`)).toEqual({ status: 400, code: '-31610' });
  });
});

describe('following a transaction as Payme does ("Методы Merchant API", "Тайм-аут")', () => {
  it("refuses an error code the method never answers, and a GetStatement's error", async () => {
    script = ({ id }) => ({ body: { id, error: { code: -31050, message: { ru: 'н', uz: 'y', en: 'n' }, data: 'order_id' } } });
    await expect(payme.perform(paymeTransactionId())).rejects.toThrow(/PerformTransaction never answers the error code -31050/);
    script = ({ id }) => ({ body: { id, error: { code: -31008, message: { ru: 'н', uz: 'y', en: 'n' }, data: 'id' } } });
    expect((await payme.perform(paymeTransactionId())).error?.code).toBe(-31008);
    await expect(payme.checkPerform(500, ACCOUNT)).resolves.toMatchObject({ error: { code: -31008 } });
    await expect(payme.statement(now - 1000, now)).rejects.toThrow(/GetStatement never answers the error code -31008/);
  });

  it('refuses a repeat that answers other times, a cancelled transaction performed, and a performed one cancelled to -1', async () => {
    const id = paymeTransactionId();
    answering(created());
    await payme.create(id, 500, ACCOUNT);
    answering(created({ create_time: now + 5 }));
    await expect(payme.create(id, 500, ACCOUNT)).rejects.toThrow(/create_time must stay/);
    answering({ transaction: '17', perform_time: now + 10, state: 2 });
    await payme.perform(id);
    answering({ transaction: '17', perform_time: now + 11, state: 2 });
    await expect(payme.perform(id)).rejects.toThrow(/perform_time must stay/);
    answering({ transaction: '17', cancel_time: now + 20, state: -1 });
    await expect(payme.cancel(id, 5)).rejects.toThrow(/cancels to -2/);
    answering(checked({ state: 1 }));
    await expect(payme.check(id)).rejects.toThrow(/CheckTransaction must answer the state/);

    const cancelled = paymeTransactionId();
    answering(created());
    await payme.create(cancelled, 500, OTHER_ACCOUNT);
    answering({ transaction: '17', cancel_time: now + 20, state: -1 });
    await payme.cancel(cancelled, 3);
    answering({ transaction: '17', perform_time: now + 30, state: 2 });
    await expect(payme.perform(cancelled)).rejects.toThrow(/a cancelled transaction is never performed/);
  });

  it('refuses a statement entry created outside from..to', async () => {
    const id = paymeTransactionId();
    answering(created());
    await payme.create(id, 500, ACCOUNT, now - 5000);
    answering({ transactions: [{ id, time: now - 5000, amount: 500, account: ACCOUNT, ...checked() }] });
    await expect(payme.statement(now - 1000, now)).rejects.toThrow(/from `from` to `to`/);
  });

  it('refuses a second transaction for an order waiting on one or paid by it ("CreateTransaction": -31050...-31099)', async () => {
    answering(created());
    await payme.create(paymeTransactionId(), 500, ACCOUNT);
    await expect(payme.create(paymeTransactionId(), 500, ACCOUNT)).rejects.toThrow(/already holds transaction/);
    const paid = paymeTransactionId();
    await payme.create(paid, 500, OTHER_ACCOUNT);
    answering({ transaction: '17', perform_time: now + 10, state: 2 });
    await payme.perform(paid);
    answering(created());
    await expect(payme.create(paymeTransactionId(), 500, OTHER_ACCOUNT)).rejects.toThrow(/already holds transaction/);
  });

  it('refuses a repeated CreateTransaction answered as created 12 hours after Payme created it', async () => {
    const id = paymeTransactionId();
    answering(created());
    await payme.create(id, 500, ACCOUNT);
    payme.backdate(id, 43_200_000);
    answering(created({ create_time: now - 43_200_000 }));
    await expect(payme.create(id, 500, ACCOUNT)).rejects.toThrow(/not created again/);
  });

  it('refuses a statement that leaves out a transaction Payme created from `from` to `to`', async () => {
    const listed = paymeTransactionId();
    answering(created());
    await payme.create(listed, 500, ACCOUNT, now);
    await payme.create(paymeTransactionId(), 500, OTHER_ACCOUNT, now);
    answering({ transactions: [{ id: listed, time: now, amount: 500, account: ACCOUNT, ...checked() }] });
    await expect(payme.statement(now, now)).rejects.toThrow(/is missing/);
  });

  it('refuses a transaction performed 12 hours after Payme created it', async () => {
    const id = paymeTransactionId();
    answering(created());
    await payme.create(id, 500, ACCOUNT);
    payme.backdate(id, 43_200_000);
    answering({ transaction: '17', perform_time: now + 10, state: 2 });
    await expect(payme.perform(id)).rejects.toThrow(/12 hours old/);
  });
});
