import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Payme (Paycom), for tests and browser tests: it plays Payme's side of the
 * Merchant API as Payme's documentation (developer.help.paycom.uz) and its sandbox do. It calls the
 * store's JSON-RPC endpoint with HTTP Basic `Paycom:<key>`, 24-character transaction ids and times in
 * milliseconds, checks every answer as strictly as Payme reads it (HTTP 200, `result` or `error` with
 * the call's id, 13-digit times, the documented states, messages in ru, uz and en), and serves a
 * checkout at `/<base64 of m=...;ac.order_id=...;a=...;c=...>` where a shopper pays or cancels. It is
 * written from Payme's documentation, not from the store's code, so it checks the store.
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

const TIMESTAMP = /^\d{13}$/;
const STATES = [1, 2, -1, -2];

/** Payme's ids are 24 hexadecimal characters (a MongoDB ObjectId), "Типы данных". */
export const paymeTransactionId = (): string => randomBytes(12).toString('hex');

function fail(message: string, body: unknown): never {
  throw new Error(`Payme stand-in: ${message}: ${JSON.stringify(body)}`);
}

/** Checks an answer as Payme does: its id echoed, exactly one of result and error, each of the documented shape. */
function readAnswer(body: unknown, id: number): PaymeAnswer {
  if (typeof body !== 'object' || body === null) fail('the answer is not a JSON object', body);
  const answer = body as JsonObject;
  if (answer.id !== id) fail(`the answer's id is not the call's (${id})`, body);
  const hasResult = answer.result !== undefined && answer.result !== null;
  const hasError = answer.error !== undefined && answer.error !== null;
  if (hasResult === hasError) fail('the answer must carry exactly one of result and error', body);
  if (hasError) {
    const error = answer.error as JsonObject;
    const message = error.message as JsonObject | undefined;
    if (!Number.isInteger(error.code)) fail('an error code must be an integer', body);
    if (!message || !['ru', 'uz', 'en'].every((language) => typeof message[language] === 'string' && message[language] !== '')) {
      fail('an error message must be given in ru, uz and en', body);
    }
    if (typeof error.code === 'number' && error.code <= -31050 && error.code >= -31099 && error.data !== 'order_id') {
      fail('an account error must name the account field in data', body);
    }
    return { error: error as PaymeAnswer['error'] & object } as PaymeAnswer;
  }
  return { result: answer.result as JsonObject };
}

/** Checks a result's times, transaction and state as the documented types say. */
function checkTransactionResult(result: JsonObject, fields: string[]): void {
  for (const field of fields) {
    const value = result[field];
    if (field.endsWith('_time')) {
      if (!(value === 0 || (typeof value === 'number' && TIMESTAMP.test(String(value))))) fail(`${field} must be 0 or a 13-digit timestamp`, result);
    } else if (field === 'transaction') {
      if (typeof value !== 'string' || value === '') fail('transaction must be a non-empty string', result);
    } else if (field === 'state') {
      if (!STATES.includes(value as number)) fail('state must be 1, 2, -1 or -2', result);
    } else if (field === 'reason') {
      if (!(value === null || Number.isInteger(value))) fail('reason must be null or an integer', result);
    }
  }
}

export function decodeCheckout(url: string): PaymeCheckout {
  const encoded = new URL(url).pathname.replace(/^\/+/, '');
  const fields = new Map<string, string>();
  for (const part of Buffer.from(encoded, 'base64').toString('utf8').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
  }
  const amount = Number(fields.get('a'));
  if (!fields.get('m') || !Number.isSafeInteger(amount) || amount <= 0) fail('a checkout link needs m and a positive whole a', Object.fromEntries(fields));
  const account = Object.fromEntries([...fields].filter(([name]) => name.startsWith('ac.')).map(([name, value]) => [name.slice(3), value]));
  return { merchantId: fields.get('m')!, account, amount, returnUrl: fields.get('c') };
}

export interface PaymeStandIn {
  /** The checkout's base URL (PAYME_CHECKOUT_URL). */
  url: string;
  /** Points the stand-in at the store's Merchant API endpoint (`<PUBLIC_URL>/api/payment/webhook/payme`), once the store runs. */
  connect(endpoint: string): void;
  /** One raw call; `authorization` replaces the header (undefined: the correct one). */
  call(method: string, params: JsonObject, options?: { authorization?: string | null; httpMethod?: string; rawBody?: string }): Promise<PaymeAnswer>;
  checkPerform(amount: number, account: JsonObject): Promise<PaymeAnswer>;
  create(id: string, amount: number, account: JsonObject, time?: number): Promise<PaymeAnswer>;
  perform(id: string): Promise<PaymeAnswer>;
  cancel(id: string, reason: number): Promise<PaymeAnswer>;
  check(id: string): Promise<PaymeAnswer>;
  statement(from: number, to: number): Promise<PaymeAnswer>;
  /** Pays a checkout link as Payme does once the shopper's card is debited: check, create, perform. Resolves to the transaction id. */
  pay(checkoutUrl: string): Promise<string>;
  close(): Promise<void>;
}

export async function startPaymeStandIn(options: PaymeStandInOptions): Promise<PaymeStandIn> {
  let nextId = 1;
  let endpoint: string | undefined;
  const basic = `Basic ${Buffer.from(`Paycom:${options.key}`).toString('base64')}`;

  const call: PaymeStandIn['call'] = async (method, params, callOptions = {}) => {
    const id = nextId++;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
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

  const checked = async (answer: Promise<PaymeAnswer>, fields: string[]) => {
    const read = await answer;
    if (read.result) checkTransactionResult(read.result, fields);
    return read;
  };

  const standIn: Omit<PaymeStandIn, 'url' | 'connect' | 'close'> = {
    call,
    checkPerform: (amount, account) => call('CheckPerformTransaction', { amount, account }),
    create: (id, amount, account, time = Date.now()) => checked(call('CreateTransaction', { id, time, amount, account }), ['create_time', 'transaction', 'state']),
    perform: (id) => checked(call('PerformTransaction', { id }), ['transaction', 'perform_time', 'state']),
    cancel: (id, reason) => checked(call('CancelTransaction', { id, reason }), ['transaction', 'cancel_time', 'state']),
    check: (id) => checked(call('CheckTransaction', { id }), ['create_time', 'perform_time', 'cancel_time', 'transaction', 'state', 'reason']),
    statement: (from, to) => call('GetStatement', { from, to }),
    async pay(checkoutUrl) {
      const checkout = decodeCheckout(checkoutUrl);
      if (checkout.merchantId !== options.merchantId) fail('the checkout names another cash desk', checkout);
      const allowed = await standIn.checkPerform(checkout.amount, checkout.account);
      if (allowed.result?.allow !== true) fail('CheckPerformTransaction did not allow the payment', allowed);
      const id = paymeTransactionId();
      const created = await standIn.create(id, checkout.amount, checkout.account);
      if (created.result?.state !== 1) fail('CreateTransaction did not create the transaction', created);
      const performed = await standIn.perform(id);
      if (performed.result?.state !== 2) fail('PerformTransaction did not perform the transaction', performed);
      return id;
    },
  };

  /** The checkout page: the order and amount, Pay (check, create, perform) and Cancel, then back to `c`. */
  async function serveCheckout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const checkoutUrl = `http://stand-in${url.pathname}`;
    const checkout = decodeCheckout(checkoutUrl);
    if (req.method === 'POST') {
      const action = url.searchParams.get('action');
      if (action === 'pay') await standIn.pay(checkoutUrl);
      res.writeHead(303, { location: checkout.returnUrl ?? '/' }).end();
      return;
    }
    const sums = (checkout.amount / 100).toLocaleString('ru-RU');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payme</title></head>
<body><main><h1>Payme</h1><p data-testid="payme-amount">${sums} so'm</p><p>Buyurtma ${checkout.account.order_id ?? ''}</p>
<form method="post" action="${url.pathname}?action=pay"><button type="submit">To'lash</button></form>
<form method="post" action="${url.pathname}?action=cancel"><button type="submit">Bekor qilish</button></form></main></body></html>`);
  }

  const server = createServer((req, res) => {
    serveCheckout(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...standIn,
    url: `http://127.0.0.1:${port}`,
    connect: (storeEndpoint) => {
      endpoint = storeEndpoint;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
