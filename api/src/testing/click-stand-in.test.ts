import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickAttempt, ClickCheckoutError, clickSignTime, CLICK_PAYMENT_FAILED, decodeClickCheckout, startClickStandIn, type ClickStandIn } from './click-stand-in';

/**
 * The stand-in plays Click as strictly as Click (docs.click.uz/en/click-api-request,
 * docs.click.uz/en/click-api-error): it sends a supplier every documented field as a signed form,
 * refuses every answer Click would not read, and refuses payment page links Click's page would. Here the
 * supplier is a scripted endpoint, so each wrong answer is exactly the one under test.
 */

const SERVICE = '81234';
const MERCHANT = '45275';
const SECRET = 'stand-in-secret';

type Script = (form: Record<string, string>) => { status?: number; text?: string; body?: unknown };

let click: ClickStandIn;
let supplier: Server;
let script: Script = () => ({ body: {} });
const received: Array<{ headers: IncomingHttpHeaders; form: Record<string, string> }> = [];

beforeAll(async () => {
  supplier = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push({ headers: req.headers, form });
      const answer = script(form);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.text ?? JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => supplier.listen(0, '127.0.0.1', resolve));
  click = await startClickStandIn({ serviceId: SERVICE, merchantId: MERCHANT, secretKey: SECRET });
  click.connect(`http://127.0.0.1:${(supplier.address() as AddressInfo).port}/click`);
});

afterAll(async () => {
  await click?.close();
  await new Promise((resolve) => supplier?.close(resolve));
});

/** The supplier answers every call as a success, with these fields over the echoed ids. */
const succeeding = (fields: Record<string, unknown> = {}) => {
  script = (form) => ({
    body: {
      click_trans_id: Number(form.click_trans_id),
      merchant_trans_id: form.merchant_trans_id,
      [form.action === '0' ? 'merchant_prepare_id' : 'merchant_confirm_id']: 7,
      error: 0,
      error_note: 'Success',
      ...fields,
    },
  });
};

describe('calling the supplier as Click does', () => {
  it('POSTs a form of every documented field, signed with the md5 the documentation gives', async () => {
    succeeding();
    received.length = 0;
    const attempt = clickAttempt(42, '12650.00');
    await click.prepare(attempt);
    await click.complete(attempt, 7);
    const [prepare, complete] = received;
    expect(prepare?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(prepare?.form ?? {}).sort()).toEqual(
      ['action', 'amount', 'click_paydoc_id', 'click_trans_id', 'error', 'error_note', 'merchant_trans_id', 'service_id', 'sign_string', 'sign_time'].sort(),
    );
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    const p = prepare?.form ?? {};
    expect(p).toMatchObject({ service_id: SERVICE, merchant_trans_id: '42', amount: '12650.00', action: '0', error: '0' });
    expect(p.sign_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(p.sign_string).toBe(md5(`${p.click_trans_id}${SERVICE}${SECRET}42${'12650.00'}0${p.sign_time}`));
    const c = complete?.form ?? {};
    expect(c).toMatchObject({ merchant_prepare_id: '7', action: '1' });
    expect(c.sign_string).toBe(md5(`${c.click_trans_id}${SERVICE}${SECRET}427${'12650.00'}1${c.sign_time}`));
  });

  it("writes sign_time on Tashkent's clock", () => {
    expect(clickSignTime(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-27 15:00:00');
  });
});

describe('refusing answers Click would not read', () => {
  it('refuses an HTTP status other than 200, a body that is not JSON, an undocumented code and a note that is not text', async () => {
    const refusals: Array<[Script, RegExp]> = [
      [() => ({ status: 500, body: { error: 0 } }), /HTTP 500/],
      [() => ({ text: 'OK' }), /not JSON/],
      [() => ({ body: { error: -10, error_note: 'No' } }), /documented codes/],
      [() => ({ body: { error: '0', error_note: 'Success' } }), /documented codes/],
      [() => ({ body: { error: -5 } }), /error_note/],
    ];
    for (const [answer, reason] of refusals) {
      script = answer;
      await expect(click.prepare(clickAttempt(42, '100.00')), String(reason)).rejects.toThrow(reason);
    }
  });

  it("refuses ids that are not the call's, a success without its own id, and the other stage's id", async () => {
    const attempt = clickAttempt(42, '100.00');
    const refusals: Array<[Record<string, unknown>, () => Promise<unknown>, RegExp]> = [
      [{ click_trans_id: 1 }, () => click.prepare(attempt), /click_trans_id must be/],
      [{ merchant_trans_id: '43' }, () => click.prepare(attempt), /merchant_trans_id must be/],
      [{ merchant_prepare_id: undefined }, () => click.prepare(attempt), /carries merchant_prepare_id/],
      [{ merchant_prepare_id: '7' }, () => click.prepare(attempt), /positive integer/],
      [{ merchant_confirm_id: 7 }, () => click.prepare(attempt), /not merchant_confirm_id/],
      [{ merchant_prepare_id: 7 }, () => click.complete(attempt, 7), /not merchant_prepare_id/],
    ];
    for (const [fields, send, reason] of refusals) {
      succeeding(fields);
      await expect(send(), JSON.stringify(fields)).rejects.toThrow(reason);
    }
  });

  it('refuses a repeated Prepare answered with another merchant_prepare_id', async () => {
    const attempt = clickAttempt(42, '100.00');
    succeeding({ merchant_prepare_id: 7 });
    await click.prepare(attempt);
    succeeding({ merchant_prepare_id: 8 });
    await expect(click.prepare(attempt)).rejects.toThrow(/prepared attempt/);
  });

  it('sends no Complete after a refused Prepare', async () => {
    script = (form) => ({ body: { click_trans_id: Number(form.click_trans_id), merchant_trans_id: form.merchant_trans_id, error: -5, error_note: 'User does not exist' } });
    received.length = 0;
    const url = `${click.url}?service_id=${SERVICE}&merchant_id=${MERCHANT}&amount=100.00&transaction_param=42`;
    expect((await click.pay(url)).complete).toBeUndefined();
    expect(received.map(({ form }) => form.action)).toEqual(['0']);
  });
});

describe("holding the store to its earlier answers about an attempt (the error table's -2, -4, -6 and -9)", () => {
  /** The supplier answers every call with this code and note, echoing the call's ids. */
  const answering = (error: number, error_note: string) => {
    script = (form) => ({ body: { click_trans_id: Number(form.click_trans_id), merchant_trans_id: form.merchant_trans_id, error, error_note } });
  };

  it('refuses a success to a Complete reporting that the payment failed on Click\'s side', async () => {
    const attempt = clickAttempt(42, '100.00');
    succeeding();
    await click.prepare(attempt);
    await expect(click.complete(attempt, 7, CLICK_PAYMENT_FAILED)).rejects.toThrow(/answers -9, never a success/);
  });

  it('refuses a success to a Complete of a merchant_prepare_id the store did not give the attempt, or of another sum', async () => {
    const unprepared = clickAttempt(42, '100.00');
    succeeding();
    await expect(click.complete(unprepared, 7)).rejects.toThrow(/is -6/);
    const attempt = clickAttempt(42, '100.00');
    await click.prepare(attempt);
    await expect(click.complete(attempt, 8)).rejects.toThrow(/is -6/);
    await expect(click.complete({ ...attempt, amount: '1.00' }, 7)).rejects.toThrow(/is -2/);
    // The same sum written without its decimals is the same sum.
    expect((await click.complete({ ...attempt, amount: '100' }, 7)).error).toBe(0);
  });

  it('refuses a confirmed attempt prepared again or cancelled, and a repeat confirming it as another id; takes -4 or the same confirmation', async () => {
    const attempt = clickAttempt(42, '100.00');
    succeeding();
    await click.prepare(attempt);
    await click.complete(attempt, 7);
    await expect(click.prepare(attempt)).rejects.toThrow(/already paid \(-4\)/);
    succeeding({ merchant_confirm_id: 8 });
    await expect(click.complete(attempt, 7)).rejects.toThrow(/confirmed attempt \d+ as 7 before/);
    answering(-9, 'Transaction cancelled');
    await expect(click.complete(attempt, 7, CLICK_PAYMENT_FAILED)).rejects.toThrow(/already paid \(-4\), not cancelled/);
    answering(-4, 'Already paid');
    expect((await click.complete(attempt, 7, CLICK_PAYMENT_FAILED)).error).toBe(-4);
    succeeding();
    expect((await click.complete(attempt, 7)).merchant_confirm_id).toBe(7);
  });

  it('refuses a success about an attempt the store cancelled with -9', async () => {
    const attempt = clickAttempt(42, '100.00');
    succeeding();
    await click.prepare(attempt);
    answering(-9, 'Transaction cancelled');
    await click.complete(attempt, 7, CLICK_PAYMENT_FAILED);
    succeeding();
    await expect(click.complete(attempt, 7)).rejects.toThrow(/cancelled attempt \d+ \(-9\)/);
    await expect(click.prepare(attempt)).rejects.toThrow(/cancelled attempt \d+ \(-9\)/);
  });
});

describe("Click's payment page", () => {
  const link = (params: Record<string, string>) => `${click.url}?${new URLSearchParams({ service_id: SERVICE, merchant_id: MERCHANT, amount: '12650.00', transaction_param: '42', ...params })}`;

  it('reads a link of the documented parameters', () => {
    expect(decodeClickCheckout(link({ return_url: 'https://store.example/orders/42', merchant_user_id: '83104' }))).toEqual({
      serviceId: SERVICE,
      merchantId: MERCHANT,
      merchantUserId: '83104',
      amount: '12650.00',
      transactionParam: '42',
      returnUrl: 'https://store.example/orders/42',
    });
  });

  it('refuses a malformed amount, no order, a return URL that is not http(s), and another service or merchant', async () => {
    for (const [params, field] of [
      [{ amount: '12,650' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ transaction_param: '' }, 'transaction_param'],
      [{ return_url: 'javascript:alert(1)' }, 'return_url'],
    ] as const) {
      expect(() => decodeClickCheckout(link(params)), field).toThrow(new ClickCheckoutError(field));
    }
    await expect(click.pay(link({ service_id: '1' }))).rejects.toThrow(ClickCheckoutError);
    await expect(click.pay(link({ merchant_id: '1' }))).rejects.toThrow(/merchant_id/);
    expect((await fetch(link({ merchant_id: '1' }))).status).toBe(400);
    expect((await fetch(link({}))).status).toBe(200);
  });
});
