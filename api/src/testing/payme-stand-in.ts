import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, isHttpUrl, startCheckoutServer } from './checkout-page';

/**
 * A local stand-in for Payme (Paycom), for tests and browser tests: it plays Payme's side of the
 * Merchant API as Payme's documentation (developer.help.paycom.uz) and its sandbox do. It calls the
 * store's JSON-RPC endpoint exactly as "Формат запроса" shows (POST, `Content-Type: text/json;
 * charset=UTF-8`, HTTP Basic `Paycom:<key>`, an integer id) with the params "Типы данных" allows (ids
 * of 24 characters, 13-digit times, positive amounts in tiyin, the documented cancel reasons), and
 * refuses every answer Payme would not read: not HTTP 200, not JSON, another id, not exactly one of
 * `result` and `error`, a result of the wrong shape or state for its method (CreateTransaction 1,
 * PerformTransaction 2, CancelTransaction -1 or -2, CheckTransaction's times and reason agreeing with
 * its state), another `transaction` for a Payme id than the store first answered, or a GetStatement
 * entry that is not the transaction Payme created. It serves a checkout at `/<base64 of
 * m=...;ac.order_id=...;a=...;c=...>` that refuses a link as "Отправка чека по методу GET" and "Ошибки
 * отправки чека" say (-31601 another cash desk, -31610 a field of the wrong form), where a shopper pays
 * or cancels. It is written from Payme's documentation, not from the store's code, so it checks the store.
 */

type JsonObject = Record<string, unknown>;

export interface PaymeStandInOptions {
  merchantId: string;
  /** The cash desk's key Payme signs with (the test key in its test environment). */
  key: string;
}

/** A JSON-RPC answer as Payme reads it. */
export type PaymeAnswer = { result: JsonObject; error?: undefined } | { error: { code: number; message: { ru: string; uz: string; en: string }; data: unknown }; result?: undefined };

/** What a checkout link carries (m, ac.*, a, c), decoded. */
export interface PaymeCheckout {
  merchantId: string;
  account: Record<string, string>;
  amount: number;
  returnUrl: string | undefined;
}

/** The cash desk's one account field (its settings in the merchant's cabinet): the order. */
const ACCOUNT_FIELD = 'order_id';
/** "Типы данных": an ID is 24 characters, a Timestamp 13 digits, an Amount a positive integer of tiyin. */
const PAYME_ID = /^[0-9a-f]{24}$/;
const TIMESTAMP = /^\d{13}$/;
const STATES = [1, 2, -1, -2];
/** "Причины отмены транзакции". */
const CANCEL_REASONS = [1, 2, 3, 4, 5, 10];
/** "Тайм-аут": a transaction not performed within 12 hours of its creation is cancelled, never performed. */
const TRANSACTION_TIMEOUT_MS = 43_200_000;
/**
 * "Ошибки", by the method that may answer them: the wrong amount (-31001), an account refused
 * (-31050 to -31099), no such transaction (-31003), one that cannot be performed (-31008) or cancelled
 * (-31007); any method may refuse the authorization (-32504) or fail inside (-32400).
 */
const ACCOUNT_ERRORS = Array.from({ length: 50 }, (_, index) => -31050 - index);
const METHOD_ERRORS: Record<string, readonly number[]> = {
  CheckPerformTransaction: [-31001, -31008, ...ACCOUNT_ERRORS],
  CreateTransaction: [-31001, -31008, ...ACCOUNT_ERRORS],
  PerformTransaction: [-31003, -31008],
  CancelTransaction: [-31003, -31007],
  CheckTransaction: [-31003],
  GetStatement: [],
};
const ANY_METHOD_ERRORS = [-32504, -32400];
/** "Ошибки отправки чека". */
export const PAYME_CHECKOUT_ERRORS = { MERCHANT_NOT_FOUND: -31601, INVALID_FIELD: -31610 } as const;

/** Payme's ids are 24 hexadecimal characters (a MongoDB ObjectId), "Типы данных". */
export const paymeTransactionId = (): string => randomBytes(12).toString('hex');

function fail(message: string, body: unknown): never {
  throw new Error(`Payme stand-in: ${message}: ${JSON.stringify(body)}`);
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTimestamp = (value: unknown): value is number => typeof value === 'number' && TIMESTAMP.test(String(value));
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Checks an answer as Payme does: its id echoed, exactly one of result and error, each of the documented shape. */
function readAnswer(body: unknown, id: number): PaymeAnswer {
  if (!isObject(body)) fail('the answer is not a JSON object', body);
  if (body.id !== id) fail(`the answer's id is not the call's (${id})`, body);
  const hasResult = body.result !== undefined && body.result !== null;
  const hasError = body.error !== undefined && body.error !== null;
  if (hasResult === hasError) fail('the answer must carry exactly one of result and error', body);
  if (hasError) {
    const error = body.error as JsonObject;
    const message = error.message as JsonObject | undefined;
    if (!Number.isInteger(error.code)) fail('an error code must be an integer', body);
    if (!message || !['ru', 'uz', 'en'].every((language) => typeof message[language] === 'string' && message[language] !== '')) {
      fail('an error message must be given in ru, uz and en', body);
    }
    if (typeof error.code === 'number' && error.code <= -31050 && error.code >= -31099 && error.data !== ACCOUNT_FIELD) {
      fail('an account error must name the account field in data', body);
    }
    return { error: error as PaymeAnswer['error'] & object } as PaymeAnswer;
  }
  if (!isObject(body.result)) fail('a result must be an object', body);
  return { result: body.result };
}

/** A time that is set (13 digits) or, where the documentation allows, 0 for "not yet". */
function checkTime(result: JsonObject, field: string, set: boolean): void {
  const value = result[field];
  if (set ? !isTimestamp(value) : value !== 0) fail(`${field} must be ${set ? 'a 13-digit timestamp' : '0'} here`, result);
}

function checkTransactionName(result: JsonObject): void {
  if (typeof result.transaction !== 'string' || result.transaction === '') fail('transaction must be a non-empty string', result);
}

/**
 * CheckTransaction's fields ("CheckTransaction", "Состояния транзакций"): created always; performed
 * for 2 and -2; cancelled, with one of the documented reasons, for -1 and -2; reason null otherwise.
 */
function checkTransactionState(result: JsonObject): void {
  const state = result.state as number;
  if (!STATES.includes(state)) fail('state must be 1, 2, -1 or -2', result);
  checkTransactionName(result);
  checkTime(result, 'create_time', true);
  checkTime(result, 'perform_time', state === 2 || state === -2);
  checkTime(result, 'cancel_time', state < 0);
  if (state < 0 ? !CANCEL_REASONS.includes(result.reason as number) : result.reason !== null) {
    fail(state < 0 ? 'a cancelled transaction needs one of the documented reasons' : 'reason must be null until the transaction is cancelled', result);
  }
}

/** The result each method must answer with ("Методы Merchant API"). */
const RESULT_CHECKS: Record<string, (result: JsonObject) => void> = {
  CheckPerformTransaction(result) {
    if (result.allow !== true) fail('CheckPerformTransaction allows with allow: true, or answers an error', result);
  },
  CreateTransaction(result) {
    checkTransactionName(result);
    checkTime(result, 'create_time', true);
    if (result.state !== 1) fail('CreateTransaction answers state 1, or an error', result);
  },
  PerformTransaction(result) {
    checkTransactionName(result);
    checkTime(result, 'perform_time', true);
    if (result.state !== 2) fail('PerformTransaction answers state 2, or an error', result);
  },
  CancelTransaction(result) {
    checkTransactionName(result);
    checkTime(result, 'cancel_time', true);
    if (result.state !== -1 && result.state !== -2) fail('CancelTransaction answers state -1 or -2, or an error', result);
  },
  CheckTransaction: checkTransactionState,
  GetStatement(result) {
    if (!Array.isArray(result.transactions)) fail('GetStatement answers a transactions array', result);
    for (const entry of result.transactions as unknown[]) {
      if (!isObject(entry)) fail('a statement entry must be an object', entry);
      if (typeof entry.id !== 'string' || !PAYME_ID.test(entry.id)) fail("a statement entry's id must be Payme's", entry);
      if (!isTimestamp(entry.time) || !isAmount(entry.amount) || !isObject(entry.account)) fail('a statement entry needs time, amount and account', entry);
      checkTransactionState(entry);
    }
  },
};

/** Whether two accounts name the same order. */
const sameAccount = (a: JsonObject, b: JsonObject) => String(a[ACCOUNT_FIELD]) === String(b[ACCOUNT_FIELD]);

/** What Payme sent when it created a transaction, what the store named it, and where the store's answers left it. */
interface Created {
  time: number;
  amount: number;
  account: JsonObject;
  transaction: string;
  state: number;
  create_time: number;
  perform_time: number;
  cancel_time: number;
  reason: number | null;
}

/**
 * The store's answer to a transaction Payme already knows, against what it answered before: a repeat of
 * Create, Perform or Cancel answers the same times (the calls are idempotent), CheckTransaction says what
 * the earlier answers left, a cancelled transaction is never performed, a performed one cancels to -2,
 * and none is performed 12 hours or more after Payme created it. Returns the transaction as it is now.
 */
function followTransaction(method: string, params: JsonObject, known: Created, result: JsonObject): Created {
  const same = (field: keyof Created) => {
    if (known[field] !== 0 && known[field] !== null && result[field] !== known[field]) fail(`${field} must stay ${String(known[field])} once answered`, result);
  };
  switch (method) {
    case 'CreateTransaction':
      same('create_time');
      if (known.state !== 1) fail(`a transaction in state ${known.state} is not created again: CreateTransaction answers -31008`, result);
      if (Date.now() - known.time >= TRANSACTION_TIMEOUT_MS) fail('a transaction 12 hours old is cancelled (reason 4), not created again: -31008', result);
      return known;
    case 'PerformTransaction':
      if (known.state < 0) fail('a cancelled transaction is never performed: PerformTransaction answers -31008', result);
      if (known.state === 1 && Date.now() - known.time >= TRANSACTION_TIMEOUT_MS) fail('a transaction 12 hours old is cancelled, not performed: -31008', result);
      same('perform_time');
      return { ...known, state: 2, perform_time: result.perform_time as number };
    case 'CancelTransaction': {
      const state = known.state === 2 || known.state === -2 ? -2 : -1;
      if (result.state !== state) fail(`a transaction in state ${known.state} cancels to ${state}`, result);
      same('cancel_time');
      const reason = known.reason ?? (params.reason as number);
      return { ...known, state, cancel_time: result.cancel_time as number, reason };
    }
    case 'CheckTransaction': {
      // The store cancels an unperformed transaction on its own (its 12 hours or its order's wait ran out).
      const cancelledByStore = known.state === 1 && result.state === -1;
      const kept = cancelledByStore ? (['create_time', 'perform_time'] as const) : (['state', 'create_time', 'perform_time', 'cancel_time', 'reason'] as const);
      for (const field of kept) {
        if (result[field] !== known[field]) fail(`CheckTransaction must answer the ${field} the earlier answers left (${String(known[field])})`, result);
      }
      return cancelledByStore ? { ...known, state: -1, cancel_time: result.cancel_time as number, reason: result.reason as number } : known;
    }
    default:
      return known;
  }
}

/** A checkout link refused as "Ошибки отправки чека" name it, with the parameter at fault. */
export class PaymeCheckoutError extends Error {
  override name = 'PaymeCheckoutError';
  constructor(
    readonly code: (typeof PAYME_CHECKOUT_ERRORS)[keyof typeof PAYME_CHECKOUT_ERRORS],
    readonly field: string,
  ) {
    super(`Payme checkout refuses the link (${code}): ${field}`);
  }
}

const invalidField = (field: string) => new PaymeCheckoutError(PAYME_CHECKOUT_ERRORS.INVALID_FIELD, field);

/**
 * Reads a checkout link as "Отправка чека по методу GET" describes it: `<checkout>/base64(params)`,
 * params `key=value` joined by `;`. Refused with -31610 naming the parameter: a path that is not
 * base64, a parameter given twice, no m, an amount that is not a positive whole number of tiyin, no
 * account (ac.order_id, the cash desk's field), a return URL (c) that is not an http(s) URL, a wait
 * (ct) that is not whole milliseconds, a currency (cr) other than the sum (UZS, 860). A language (l)
 * outside ru, uz, en is ignored, as "Отправка чека по методу POST" says of it.
 */
export function decodeCheckout(url: string): PaymeCheckout {
  let encoded: string;
  try {
    encoded = decodeURIComponent(new URL(url).pathname.replace(/^\/+/, ''));
  } catch {
    throw invalidField('base64');
  }
  const decoded = Buffer.from(encoded, 'base64');
  if (encoded === '' || decoded.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) throw invalidField('base64');
  const fields = new Map<string, string>();
  for (const part of decoded.toString('utf8').split(';')) {
    const at = part.indexOf('=');
    const name = at > 0 ? part.slice(0, at) : part;
    if (at <= 0 || fields.has(name)) throw invalidField(name);
    fields.set(name, part.slice(at + 1));
  }
  const merchantId = fields.get('m');
  if (!merchantId) throw invalidField('m');
  const amountText = fields.get('a') ?? '';
  const amount = Number(amountText);
  if (!/^[1-9]\d*$/.test(amountText) || !Number.isSafeInteger(amount)) throw invalidField('a');
  const account = Object.fromEntries([...fields].filter(([name]) => name.startsWith('ac.')).map(([name, value]) => [name.slice(3), value]));
  if (!account[ACCOUNT_FIELD]) throw invalidField(`ac.${ACCOUNT_FIELD}`);
  const returnUrl = fields.get('c');
  if (returnUrl !== undefined && !isHttpUrl(returnUrl)) throw invalidField('c');
  const wait = fields.get('ct');
  if (wait !== undefined && !/^\d+$/.test(wait)) throw invalidField('ct');
  const currency = fields.get('cr');
  if (currency !== undefined && !['UZS', '860'].includes(currency)) throw invalidField('cr');
  return { merchantId, account, amount, returnUrl };
}

/** Payme sends only what its documentation types allow; a test asking for anything else is asking for something Payme never sends. */
function assertSendable(method: string, params: JsonObject): void {
  const wrong = (field: string) => {
    throw new Error(`Payme stand-in: Payme never sends ${method} with this ${field}: ${JSON.stringify(params[field])}`);
  };
  if ('id' in params && (typeof params.id !== 'string' || !PAYME_ID.test(params.id))) wrong('id');
  for (const field of ['time', 'from', 'to']) if (field in params && !isTimestamp(params[field])) wrong(field);
  if ('amount' in params && !isAmount(params.amount)) wrong('amount');
  if ('account' in params && !isObject(params.account)) wrong('account');
  if ('reason' in params && !CANCEL_REASONS.includes(params.reason as number)) wrong('reason');
}

export interface PaymeStandIn {
  /** The checkout's base URL (PAYME_CHECKOUT_URL). */
  url: string;
  /** Points the stand-in at the store's Merchant API endpoint (`<PUBLIC_URL>/api/payment/webhook/payme`), once the store runs. */
  connect(endpoint: string): void;
  /** One call sent as given, unchecked (for the protocol errors Payme never causes); `authorization` replaces the header (undefined: the correct one). */
  call(method: string, params: JsonObject, options?: { authorization?: string | null; httpMethod?: string; rawBody?: string }): Promise<PaymeAnswer>;
  checkPerform(amount: number, account: JsonObject): Promise<PaymeAnswer>;
  create(id: string, amount: number, account: JsonObject, time?: number): Promise<PaymeAnswer>;
  perform(id: string): Promise<PaymeAnswer>;
  cancel(id: string, reason: number): Promise<PaymeAnswer>;
  check(id: string): Promise<PaymeAnswer>;
  statement(from: number, to: number): Promise<PaymeAnswer>;
  /**
   * Pays a checkout link as Payme does once the shopper's card is debited: check, create, perform.
   * Resolves to the transaction id; rejects with PaymeCheckoutError a link Payme's checkout refuses.
   */
  pay(checkoutUrl: string): Promise<string>;
  /** For a test that moves a transaction's creation `ms` into the past in the store's database: Payme's record of it moves too. */
  backdate(id: string, ms: number): void;
  close(): Promise<void>;
}

export async function startPaymeStandIn(options: PaymeStandInOptions): Promise<PaymeStandIn> {
  let nextId = 1;
  let endpoint: string | undefined;
  const basic = `Basic ${Buffer.from(`Paycom:${options.key}`).toString('base64')}`;
  /** Every transaction Payme created and the store answered for, by Payme's id. */
  const created = new Map<string, Created>();

  const call: PaymeStandIn['call'] = async (method, params, callOptions = {}) => {
    const id = nextId++;
    // "Формат запроса": the very header Payme sends.
    const headers: Record<string, string> = { 'content-type': 'text/json; charset=UTF-8' };
    const authorization = callOptions.authorization === undefined ? basic : callOptions.authorization;
    if (authorization !== null) headers.authorization = authorization;
    const httpMethod = callOptions.httpMethod ?? 'POST';
    if (endpoint === undefined) throw new Error('Payme stand-in: connect() it to the store first');
    const response = await fetch(endpoint, {
      method: httpMethod,
      headers,
      body: httpMethod === 'GET' ? undefined : (callOptions.rawBody ?? JSON.stringify({ method, params, id })),
    });
    const text = await response.text();
    if (response.status !== 200) fail(`answered HTTP ${response.status}; Payme reads only 200`, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      fail('the answer is not JSON', text);
    }
    // A call that could not be read has no id the store could echo.
    return readAnswer(body, callOptions.rawBody !== undefined || httpMethod !== 'POST' ? ((body as JsonObject).id as number) : id);
  };

  /** A call as Payme makes it, its result read as Payme reads that method's, and the transaction named as the store first named it. */
  async function rpc(method: string, params: JsonObject): Promise<PaymeAnswer> {
    assertSendable(method, params);
    const answer = await call(method, params);
    if (answer.error) {
      if (![...(METHOD_ERRORS[method] ?? []), ...ANY_METHOD_ERRORS].includes(answer.error.code)) {
        fail(`${method} never answers the error code ${answer.error.code}`, answer.error);
      }
      return answer;
    }
    if (!answer.result) return answer;
    RESULT_CHECKS[method]?.(answer.result);
    const paymeId = params.id as string | undefined;
    const named = paymeId === undefined ? undefined : created.get(paymeId);
    if (named && answer.result.transaction !== named.transaction) fail(`the store named transaction ${paymeId} ${named.transaction} before`, answer.result);
    if (named) created.set(paymeId!, followTransaction(method, params, named, answer.result));
    if (method === 'CreateTransaction' && paymeId !== undefined && !named) {
      const { time, amount, account } = params as { time: number; amount: number; account: JsonObject };
      // "CreateTransaction": an order waiting on one transaction, or paid by it, refuses another (-31050...-31099).
      const holder = [...created.entries()].find(([, other]) => (other.state === 1 || other.state === 2) && sameAccount(other.account, account));
      if (holder) fail(`the order already holds transaction ${holder[0]} (state ${holder[1].state}): another is refused with -31050...-31099`, answer.result);
      const createTime = answer.result.create_time as number;
      created.set(paymeId, { time, amount, account, transaction: answer.result.transaction as string, state: 1, create_time: createTime, perform_time: 0, cancel_time: 0, reason: null });
    }
    if (method === 'GetStatement') {
      const { from, to } = params as { from: number; to: number };
      for (const entry of answer.result.transactions as JsonObject[]) {
        if ((entry.time as number) < from || (entry.time as number) > to) fail('a statement lists only transactions Payme created from `from` to `to`', entry);
        const sent = created.get(entry.id as string);
        const same = sent && entry.time === sent.time && entry.amount === sent.amount && JSON.stringify(entry.account) === JSON.stringify(sent.account) && entry.transaction === sent.transaction;
        if (!same) fail('a statement entry must be a transaction Payme created, as it created it', entry);
      }
      const listed = new Set((answer.result.transactions as JsonObject[]).map((entry) => entry.id));
      for (const [id, sent] of created) {
        if (sent.time >= from && sent.time <= to && !listed.has(id)) fail(`a statement from ${from} to ${to} lists every transaction created then; ${id} is missing`, answer.result);
      }
    }
    return answer;
  }

  const standIn: Omit<PaymeStandIn, 'url' | 'connect' | 'close'> = {
    call,
    backdate(id, ms) {
      const known = created.get(id);
      if (!known) throw new Error(`Payme stand-in: no transaction ${id} to backdate`);
      created.set(id, { ...known, time: known.time - ms, create_time: known.create_time - ms });
    },
    checkPerform: (amount, account) => rpc('CheckPerformTransaction', { amount, account }),
    create: (id, amount, account, time = Date.now()) => rpc('CreateTransaction', { id, time, amount, account }),
    perform: (id) => rpc('PerformTransaction', { id }),
    cancel: (id, reason) => rpc('CancelTransaction', { id, reason }),
    check: (id) => rpc('CheckTransaction', { id }),
    statement: (from, to) => rpc('GetStatement', { from, to }),
    async pay(checkoutUrl) {
      const checkout = readCheckout(checkoutUrl);
      const allowed = await standIn.checkPerform(checkout.amount, checkout.account);
      if (allowed.result?.allow !== true) fail('CheckPerformTransaction did not allow the payment', allowed);
      const id = paymeTransactionId();
      const createdAnswer = await standIn.create(id, checkout.amount, checkout.account);
      if (createdAnswer.result?.state !== 1) fail('CreateTransaction did not create the transaction', createdAnswer);
      const performed = await standIn.perform(id);
      if (performed.result?.state !== 2) fail('PerformTransaction did not perform the transaction', performed);
      return id;
    },
  };

  /** A link of this cash desk, else -31601 ("Мерчант не найден или заблокирован"). */
  function readCheckout(checkoutUrl: string): PaymeCheckout {
    const checkout = decodeCheckout(checkoutUrl);
    if (checkout.merchantId !== options.merchantId) throw new PaymeCheckoutError(PAYME_CHECKOUT_ERRORS.MERCHANT_NOT_FOUND, 'm');
    return checkout;
  }

  /** The checkout page: the order and amount, Pay (check, create, perform) and Cancel, then back to `c`; a link Payme refuses, its error. */
  async function serveCheckout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const checkoutUrl = `http://stand-in${url.pathname}`;
    const checkout = readCheckout(checkoutUrl);
    if (req.method === 'POST') {
      const action = url.searchParams.get('action');
      if (action === 'pay') await standIn.pay(checkoutUrl);
      res.writeHead(303, { location: checkout.returnUrl ?? '/' }).end();
      return;
    }
    const sums = (checkout.amount / 100).toLocaleString('ru-RU');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payme</title></head>
<body><main><h1>Payme</h1><p data-testid="payme-amount">${sums} so'm</p><p>Buyurtma ${escapeHtml(checkout.account[ACCOUNT_FIELD] ?? '')}</p>
<form method="post" action="${url.pathname}?action=pay"><button type="submit">To'lash</button></form>
<form method="post" action="${url.pathname}?action=cancel"><button type="submit">Bekor qilish</button></form></main></body></html>`);
  }

  // "Ошибки отправки чека" give the code only; the page's HTTP status is not documented (here 400).
  const checkoutServer = await startCheckoutServer(serveCheckout, (err) =>
    err instanceof PaymeCheckoutError
      ? `<!doctype html>
<html lang="uz"><head><meta charset="utf-8"><title>Payme</title></head><body><main><h1>Payme</h1><p data-testid="payme-error" data-code="${err.code}">${err.code}: ${escapeHtml(err.field)}</p></main></body></html>`
      : undefined,
  );
  return {
    ...standIn,
    url: `http://127.0.0.1:${checkoutServer.port}`,
    connect: (storeEndpoint) => {
      endpoint = storeEndpoint;
    },
    close: checkoutServer.close,
  };
}
