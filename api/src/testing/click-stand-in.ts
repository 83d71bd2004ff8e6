import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, isHttpUrl, startCheckoutServer } from './checkout-page';

/**
 * A local stand-in for Click, for tests and browser tests: it plays Click's side of the SHOP API as
 * Click's documentation describes it (docs.click.uz/en/click-api-request, docs.click.uz/en/click-api-error).
 * It POSTs Prepare (action 0) and Complete (action 1) to the supplier's URL as an
 * `application/x-www-form-urlencoded` form with every documented field, sums as decimals ("12650.00"),
 * `sign_time` as "YYYY-MM-DD HH:mm:ss" and `sign_string` the documented MD5, and refuses every answer Click
 * would not read: not HTTP 200, not JSON, an `error` that is not one of the supplier's documented codes
 * (0, -1 ... -9), an `error_note` that is not text, echoed ids that are not the call's, a success without
 * its merchant_prepare_id (Prepare) or merchant_confirm_id (Complete) as a positive integer, or a repeated
 * Prepare answered with another merchant_prepare_id. It also holds the store to what it answered before about
 * an attempt, as the error table reads: a Complete reporting Click's failure is never a success, a Complete
 * succeeds only for the merchant_prepare_id and the sum the store prepared, a confirmed attempt is neither
 * prepared again nor cancelled (-4), and a cancelled one never succeeds again (-9). It serves the payment page at
 * `/services/pay?service_id=…&merchant_id=…&amount=…&transaction_param=…&return_url=…`
 * (docs.click.uz/en/click-button), refusing a link of another service or merchant, or with a malformed
 * field, where a shopper pays or cancels. It is written from Click's documentation, not from the store's
 * code, so it checks the store.
 */

export interface ClickStandInOptions {
  serviceId: string;
  merchantId: string;
  secretKey: string;
}

/** The supplier's documented codes ("Errors return by suppliers system"). */
const SUPPLIER_ERRORS = [0, -1, -2, -3, -4, -5, -6, -7, -8, -9];
/** A failure on Click's side, as Click reports it in a Complete (any negative code; this one is a card decline). */
export const CLICK_PAYMENT_FAILED = -5017;

/** A Click answer as Click reads it. */
export interface ClickAnswer {
  click_trans_id?: number;
  merchant_trans_id?: string;
  merchant_prepare_id?: number;
  merchant_confirm_id?: number;
  error: number;
  error_note: string;
}

/** One payment attempt: Click's ids of it, the order it pays (transaction_param) and the sums as Click sends them. */
export interface ClickAttempt {
  clickTransId: number;
  clickPaydocId: number;
  merchantTransId: string;
  amount: string;
}

/** What a payment page link carries, read. */
export interface ClickCheckout {
  serviceId: string;
  merchantId: string;
  merchantUserId: string | undefined;
  amount: string;
  transactionParam: string;
  returnUrl: string | undefined;
}

/** A payment page link Click refuses, naming the parameter at fault. */
export class ClickCheckoutError extends Error {
  override name = 'ClickCheckoutError';
  constructor(readonly field: string) {
    super(`Click's payment page refuses the link: ${field}`);
  }
}

function fail(message: string, body: unknown): never {
  throw new Error(`Click stand-in: ${message}: ${JSON.stringify(body)}`);
}

const SUMS = /^\d+(\.\d{1,2})?$/;
let lastTransId = 3_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

/** A new attempt's ids, as Click numbers them (bigints, increasing). */
export function clickAttempt(merchantTransId: string | number, amount: string): ClickAttempt {
  lastTransId += 1;
  return { clickTransId: lastTransId, clickPaydocId: lastTransId + 1_000_000_000, merchantTransId: String(merchantTransId), amount };
}

/** sign_time as Click writes it: Tashkent's wall clock (UTC+5), "YYYY-MM-DD HH:mm:ss". */
export function clickSignTime(at = new Date()): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The documented sign_string: md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id + [merchant_prepare_id] + amount + action + sign_time). */
export function clickSignString(fields: Record<string, string>, secretKey: string): string {
  const prepared = fields.action === '1' ? (fields.merchant_prepare_id ?? '') : '';
  const text = `${fields.click_trans_id}${fields.service_id}${secretKey}${fields.merchant_trans_id}${prepared}${fields.amount}${fields.action}${fields.sign_time}`;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Reads a payment page link as the button's documentation lists its parameters; a missing or malformed one is refused. */
export function decodeClickCheckout(url: string): ClickCheckout {
  const params = new URL(url).searchParams;
  const required = (name: string) => {
    const value = params.get(name);
    if (value === null || value === '') throw new ClickCheckoutError(name);
    return value;
  };
  const serviceId = required('service_id');
  const merchantId = required('merchant_id');
  if (!/^\d+$/.test(serviceId)) throw new ClickCheckoutError('service_id');
  if (!/^\d+$/.test(merchantId)) throw new ClickCheckoutError('merchant_id');
  const amount = required('amount');
  if (!SUMS.test(amount) || Number(amount) <= 0) throw new ClickCheckoutError('amount');
  const merchantUserId = params.get('merchant_user_id') ?? undefined;
  if (merchantUserId !== undefined && !/^\d+$/.test(merchantUserId)) throw new ClickCheckoutError('merchant_user_id');
  const returnUrl = params.get('return_url') ?? undefined;
  if (returnUrl !== undefined && !isHttpUrl(returnUrl)) throw new ClickCheckoutError('return_url');
  return { serviceId, merchantId, merchantUserId, amount, transactionParam: required('transaction_param'), returnUrl };
}

/** Checks an answer as Click reads it: a documented code, a note, the call's ids echoed, and the success's own id. */
function readAnswer(body: unknown, sent: Record<string, string>): ClickAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) fail('the answer is not a JSON object', body);
  const answer = body as Record<string, unknown>;
  if (typeof answer.error !== 'number' || !SUPPLIER_ERRORS.includes(answer.error)) fail('error must be one of the documented codes 0, -1 ... -9', body);
  if (typeof answer.error_note !== 'string') fail('error_note must be text', body);
  if ('click_trans_id' in answer && answer.click_trans_id !== Number(sent.click_trans_id)) fail("click_trans_id must be the call's", body);
  if ('merchant_trans_id' in answer && answer.merchant_trans_id !== sent.merchant_trans_id) fail("merchant_trans_id must be the call's", body);
  const ownId = sent.action === '0' ? 'merchant_prepare_id' : 'merchant_confirm_id';
  const otherId = sent.action === '0' ? 'merchant_confirm_id' : 'merchant_prepare_id';
  if (otherId in answer) fail(`${sent.action === '0' ? 'Prepare' : 'Complete'} answers ${ownId}, not ${otherId}`, body);
  if (ownId in answer && !(Number.isSafeInteger(answer[ownId]) && (answer[ownId] as number) > 0)) fail(`${ownId} must be a positive integer`, body);
  if (answer.error === 0) {
    if (!('click_trans_id' in answer) || !('merchant_trans_id' in answer)) fail('a success echoes click_trans_id and merchant_trans_id', body);
    if (!(ownId in answer)) fail(`a success carries ${ownId}`, body);
  }
  return answer as unknown as ClickAnswer;
}

export interface ClickStandIn {
  /** The payment page (CLICK_CHECKOUT_URL). */
  url: string;
  /** Points the stand-in at the store's SHOP API endpoint (`<PUBLIC_URL>/api/payment/webhook/click`), once the store runs. */
  connect(endpoint: string): void;
  /**
   * One call sent as given, its answer unchecked past HTTP 200 and JSON (for the calls Click never makes right:
   * a wrong sign, a missing field); `fields` override the signed form, `contentType` its type.
   */
  send(fields: Record<string, string>, options?: { contentType?: string; method?: string }): Promise<ClickAnswer>;
  /** The signed form of a Prepare or Complete for `attempt`, as Click sends it. */
  form(attempt: ClickAttempt, action: 0 | 1, extra?: { merchantPrepareId?: number; error?: number; errorNote?: string }): Record<string, string>;
  prepare(attempt: ClickAttempt): Promise<ClickAnswer>;
  /** Complete with `error` 0 (Click took the money) or a negative code (the payment failed on Click's side). */
  complete(attempt: ClickAttempt, merchantPrepareId: number, error?: number): Promise<ClickAnswer>;
  /**
   * Pays a payment page link as Click does once the shopper confirms: Prepare, then Complete. `fail` makes
   * the Complete report that failure instead. Rejects with ClickCheckoutError a link Click refuses.
   */
  pay(checkoutUrl: string, options?: { fail?: number }): Promise<{ attempt: ClickAttempt; prepare: ClickAnswer; complete?: ClickAnswer }>;
  close(): Promise<void>;
}

export async function startClickStandIn(options: ClickStandInOptions): Promise<ClickStandIn> {
  let endpoint: string | undefined;
  /** Each attempt's first successful Prepare: the merchant_prepare_id the store answered and the sum it accepted. */
  const prepared = new Map<number, { merchantPrepareId: number; amount: string }>();
  /** How the store settled each attempt's Complete: confirmed with its merchant_confirm_id, or cancelled (-9). */
  const settled = new Map<number, { outcome: 'confirmed'; merchantConfirmId: number } | { outcome: 'cancelled' }>();

  const post = async (fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded', method = 'POST'): Promise<unknown> => {
    if (endpoint === undefined) throw new Error('Click stand-in: connect() it to the store first');
    const response = await fetch(endpoint, { method, headers: { 'content-type': contentType }, body: method === 'GET' ? undefined : new URLSearchParams(fields).toString() });
    const text = await response.text();
    if (response.status !== 200) fail(`answered HTTP ${response.status}; Click reads only 200`, text);
    try {
      return JSON.parse(text);
    } catch {
      return fail('the answer is not JSON', text);
    }
  };

  const form: ClickStandIn['form'] = (attempt, action, extra = {}) => {
    const fields: Record<string, string> = {
      click_trans_id: String(attempt.clickTransId),
      service_id: options.serviceId,
      click_paydoc_id: String(attempt.clickPaydocId),
      merchant_trans_id: attempt.merchantTransId,
      ...(action === 1 ? { merchant_prepare_id: String(extra.merchantPrepareId ?? '') } : {}),
      amount: attempt.amount,
      action: String(action),
      error: String(extra.error ?? 0),
      error_note: extra.errorNote ?? ((extra.error ?? 0) < 0 ? 'Payment failed' : 'Success'),
      sign_time: clickSignTime(),
    };
    return { ...fields, sign_string: clickSignString(fields, options.secretKey) };
  };

  /**
   * Holds an answer to what the store answered about the same attempt before, as the error table of
   * docs.click.uz/en/click-api-error reads: -2 a sum other than the one prepared, -4 an attempt confirmed
   * before, -6 a merchant_prepare_id the store did not give, -9 an attempt cancelled before; and "when
   * receiving a negative error code, the supplier should cancel the payment ... and return -9". Click's own
   * libraries (click-llc/click-integration-php, click-llc/click-integration-django) answer so too: -4 once
   * confirmed, else -9 once cancelled or when Click reports a failure.
   */
  function holdToEarlierAnswers(fields: Record<string, string>, answer: ClickAnswer): void {
    const clickTransId = Number(fields.click_trans_id);
    const preparation = prepared.get(clickTransId);
    const settlement = settled.get(clickTransId);
    if (answer.error === -9) {
      if (settlement?.outcome === 'confirmed') fail(`attempt ${clickTransId} was confirmed: it is already paid (-4), not cancelled`, answer);
      if (fields.action === '1') settled.set(clickTransId, { outcome: 'cancelled' });
      return;
    }
    if (answer.error !== 0) return;
    if (settlement?.outcome === 'cancelled') fail(`the store cancelled attempt ${clickTransId} (-9) and cannot accept it again`, answer);
    if (fields.action === '0') {
      if (settlement?.outcome === 'confirmed') fail(`attempt ${clickTransId} was confirmed: a Prepare of it is already paid (-4)`, answer);
      const merchantPrepareId = answer.merchant_prepare_id ?? 0;
      if (preparation === undefined) prepared.set(clickTransId, { merchantPrepareId, amount: fields.amount ?? '' });
      else if (preparation.merchantPrepareId !== merchantPrepareId) fail(`the store prepared attempt ${clickTransId} as ${preparation.merchantPrepareId} before`, answer);
      return;
    }
    if (Number(fields.error) < 0) fail('Click reported the payment failed: the store cancels it and answers -9, never a success', answer);
    if (preparation === undefined || String(preparation.merchantPrepareId) !== fields.merchant_prepare_id) {
      fail(`a Complete of merchant_prepare_id ${fields.merchant_prepare_id}, which the store did not answer to attempt ${clickTransId}'s Prepare, is -6`, answer);
    }
    if (Number(fields.amount) !== Number(preparation.amount)) fail(`a Complete of ${fields.amount} sums for an attempt prepared for ${preparation.amount} is -2`, answer);
    const merchantConfirmId = answer.merchant_confirm_id ?? 0;
    // The table's answer to confirming a confirmed attempt is -4; a retry answered 0 is read as the same
    // confirmation only when it names the same merchant_confirm_id, not a second one of one payment.
    if (settlement?.outcome === 'confirmed' && settlement.merchantConfirmId !== merchantConfirmId) {
      fail(`the store confirmed attempt ${clickTransId} as ${settlement.merchantConfirmId} before`, answer);
    }
    settled.set(clickTransId, { outcome: 'confirmed', merchantConfirmId });
  }

  /** A call as Click makes it, read as Click reads it, and held to the store's earlier answers about its attempt. */
  async function signed(fields: Record<string, string>): Promise<ClickAnswer> {
    const answer = readAnswer(await post(fields), fields);
    holdToEarlierAnswers(fields, answer);
    return answer;
  }

  const standIn: Omit<ClickStandIn, 'url' | 'connect' | 'close'> = {
    form,
    send: async (fields, sendOptions = {}) => (await post(fields, sendOptions.contentType, sendOptions.method)) as ClickAnswer,
    prepare: (attempt) => signed(form(attempt, 0)),
    complete: (attempt, merchantPrepareId, error = 0) => signed(form(attempt, 1, { merchantPrepareId, error })),
    async pay(checkoutUrl, payOptions = {}) {
      const checkout = readCheckout(checkoutUrl);
      const attempt = clickAttempt(checkout.transactionParam, checkout.amount);
      const prepare = await standIn.prepare(attempt);
      // Click charges the card only after a successful Prepare, and sends no Complete after a refused one.
      if (prepare.error !== 0 || prepare.merchant_prepare_id === undefined) return { attempt, prepare };
      const complete = await standIn.complete(attempt, prepare.merchant_prepare_id, payOptions.fail ?? 0);
      return { attempt, prepare, complete };
    },
  };

  /** A link of this service and merchant. */
  function readCheckout(checkoutUrl: string): ClickCheckout {
    const checkout = decodeClickCheckout(checkoutUrl);
    if (checkout.serviceId !== options.serviceId) throw new ClickCheckoutError('service_id');
    if (checkout.merchantId !== options.merchantId) throw new ClickCheckoutError('merchant_id');
    return checkout;
  }

  
  /** The payment page: the order and amount, Pay (Prepare, Complete) and Cancel (a failed Complete), then back to return_url. */
  async function servePage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/services/pay') {
      res.writeHead(404).end();
      return;
    }
    const link = `http://stand-in${url.pathname}${url.search}`;
    const checkout = readCheckout(link);
    if (req.method === 'POST') {
      const action = url.searchParams.get('click_action');
      const page = new URL(link);
      page.searchParams.delete('click_action');
      await standIn.pay(page.toString(), action === 'cancel' ? { fail: CLICK_PAYMENT_FAILED } : {});
      res.writeHead(303, { location: checkout.returnUrl ?? '/' }).end();
      return;
    }
    const sums = Number(checkout.amount).toLocaleString('ru-RU');
    const action = (name: string) => {
      const target = new URL(url.pathname + url.search, 'http://stand-in');
      target.searchParams.set('click_action', name);
      return escapeHtml(target.pathname + target.search);
    };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>CLICK</title></head>
<body><main><h1>CLICK</h1><p data-testid="click-amount">${sums} so'm</p><p>Buyurtma ${escapeHtml(checkout.transactionParam)}</p>
<form method="post" action="${action('pay')}"><button type="submit">To'lash</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">Bekor qilish</button></form></main></body></html>`);
  }

  const checkoutServer = await startCheckoutServer(servePage, (err) =>
    err instanceof ClickCheckoutError
      ? `<!doctype html>
<html lang="uz"><head><meta charset="utf-8"><title>CLICK</title></head><body><main><h1>CLICK</h1><p data-testid="click-error">${escapeHtml(err.field)}</p></main></body></html>`
      : undefined,
  );
  return {
    ...standIn,
    url: `http://127.0.0.1:${checkoutServer.port}/services/pay`,
    connect: (storeEndpoint) => {
      endpoint = storeEndpoint;
    },
    close: checkoutServer.close,
  };
}
