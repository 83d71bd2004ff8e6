import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSeagmProvider } from '../providers/game/seagm/seagm-provider';
import type { DeliveryProvider, SupplierAccount } from '../providers/game/game-provider';
import { syncSupplierCatalogue } from '../modules/suppliers/supplier-catalogue';
import { createLogger } from '../logger';
import type { Config } from '../config';
import { createFixtures } from './fixtures';
import { supplierOrderTools } from './supplier-orders';
import { startTestApp, type TestApp } from './harness';

/*
 * A strict local SEAGM Open API for tests, written from SEAGM's documentation (doc.openapi.seagm.io, "General API
 * Information", "SIGNED Endpoint security", the error codes) and the answers its client rrq/seagm records: every
 * call must carry our uid, a timestamp within 120 s and a valid signature (else 408 or 409 with SEAGM's error
 * body); a GET's parameters are read from its query string only and a POST's body only as
 * application/x-www-form-urlencoded; a known path called with another method is 405. Recharge orders are kept by
 * mch_order_id (a second create with one is refused), buy between the type's min_amount and max_amount, and
 * answer `status_code` (10001...10005) beside the status in words. When the test says, an order moves on to 10002
 * (sending) or ends 10003 (done), 10004 (failed) or 10005 (refunded: its credits go back and `refunded_amount`
 * says how many); an ended order moves no more. Each change is notified to the merchant's callback URL as SEAGM
 * sends it: the order's fields with a `timestamp` and their `signature`, and no uid. The status codes, their
 * words, which of them are final, the refund fields and a notice on every change are as the public client
 * rrq/seagm (its README and OrderStatus enum) records SEAGM's answers and callbacks.
 */

export interface SeagmStandInType {
  id: number;
  categoryId: number;
  name: string;
  /** Decimal, in `currency`. */
  unitPrice: number;
  currency: string;
  fields: Array<{ name: string; label: string }>;
  /** How many of the type one order may buy (SEAGM's min_amount and max_amount); 1 and 1 unless said. */
  minAmount?: number;
  maxAmount?: number;
}

export interface SeagmStandInOrder {
  id: number;
  mchOrderId: string;
  typeId: number;
  /** How many of the type were bought (SEAGM charges unit_price × buy_amount). */
  buyAmount: number;
  fields: Record<string, string>;
  status: number;
}

export interface SeagmStandInOptions {
  uid: string;
  secret: string;
  categories: Array<{ id: number; name: string }>;
  types: SeagmStandInType[];
  /** Decimal credits of the merchant's account, in USD. */
  credits: number;
}

/** Where the test may move an order: on to sending, or to one of its ends. */
export type SeagmStandInMove = 10002 | 10003 | 10004 | 10005;

export interface SeagmStandIn {
  url: string;
  orders: SeagmStandInOrder[];
  credits(): number;
  setCredits(credits: number): void;
  /** The game does not know this player id: a create for it is refused. */
  refusePlayer(playerId: string): void;
  /** The next create is carried out, then its connection is dropped without an answer. */
  dropNextAnswer(): void;
  /** Where notices go, as set in SEAGM's merchant panel. */
  setCallbackUrl(url: string): void;
  /**
   * Moves an order on (10002 sending) or ends it (10003 done, 10004 failed, 10005 refunded) and sends the signed
   * notice; resolves to our answer's body. Rejects for an order that has ended already.
   */
  finish(mchOrderId: string, status: SeagmStandInMove): Promise<string>;
  /** A notice as SEAGM signs it, for tests that send their own. */
  signedNotice(order: SeagmStandInOrder): Record<string, string>;
  close(): Promise<void>;
}

const ERRORS: Record<number, string> = {
  400: 'Bad Request',
  402: 'Payment Required',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Missing Required Parameter',
  408: 'Request Timeout',
  409: 'Invalid Signature',
};

/*
 * SEAGM's own rules, written here from its documentation and not taken from the adapter, so a mistake in the
 * adapter's signing or status codes fails the tests instead of agreeing with itself.
 */
/** An order's `status_code`. */
const STATUS = { waiting: 10001, sending: 10002, done: 10003, failed: 10004, refunded: 10005 } as const;
/** The statuses an order never leaves (rrq/seagm, `OrderStatus::isTerminal`): a refund comes before done, never after. */
const ENDS: ReadonlySet<number> = new Set([STATUS.done, STATUS.failed, STATUS.refunded]);
/** "SIGNED Endpoint security", "Timing security": only a `timestamp` strictly within 120 s of SEAGM's clock is taken. */
const TIMESTAMP_WINDOW_SECONDS = 120;
/** "SIGNED Endpoint security": hex HMAC-SHA256, keyed with the secret, of every other parameter sorted by name as `name=value&...`, not URL-encoded. */
function signatureOf(params: Readonly<Record<string, string>>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}
/** Why SEAGM refuses signed parameters, if it does; the signature is not case sensitive. */
function signatureProblem(params: Readonly<Record<string, string>>, secret: string, nowSeconds: number): 'timestamp' | 'signature' | undefined {
  const timestamp = Number(params.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) >= TIMESTAMP_WINDOW_SECONDS) return 'timestamp';
  const given = Buffer.from((params.signature ?? '').toLowerCase());
  const expected = Buffer.from(signatureOf(params, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'signature';
}

/** An order's status in words, beside its `status_code`, as SEAGM answers both. */
const STATUS_WORDS: Record<number, string> = {
  [STATUS.waiting]: 'Wait send',
  [STATUS.sending]: 'Sending',
  [STATUS.done]: 'Done',
  [STATUS.failed]: 'Failed',
  [STATUS.refunded]: 'Refunded',
};

/** The paths the stand-in answers, with the one method each takes. */
const ROUTES: Array<{ method: 'GET' | 'POST'; path: RegExp }> = [
  { method: 'GET', path: /^v1\/recharge-categories$/ },
  { method: 'GET', path: /^v1\/recharge-categories\/\d+\/recharge-types$/ },
  { method: 'GET', path: /^v1\/me$/ },
  { method: 'POST', path: /^v1\/recharge-orders$/ },
  { method: 'GET', path: /^v1\/recharge-orders\/[^/]+$/ },
];

/** A SEAGM catalogue of one product, PUBG Mobile's 60 UC (type 101) at $0.86, for a stand-in's options. */
export const SEAGM_PUBG_60_UC = {
  categories: [{ id: 1, name: 'PUBG Mobile (Global)' }],
  types: [{ id: 101, categoryId: 1, name: '60 UC', unitPrice: 0.86, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] }],
} satisfies Pick<SeagmStandInOptions, 'categories' | 'types'>;

export async function startSeagmStandIn(options: SeagmStandInOptions): Promise<SeagmStandIn> {
  let credits = options.credits;
  let dropNext = false;
  let callbackUrl: string | undefined;
  const unknownPlayers = new Set<string>();
  let nextId = 700_000;
  const orders: SeagmStandInOrder[] = [];
  const byReference = new Map<string, SeagmStandInOrder>();
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, infoCode: number, infoMessage: string) =>
    send(res, status, { code: status, msg: ERRORS[status], error_info: { info_code: infoCode, info_message: infoMessage } });
  const ok = (res: ServerResponse, data: unknown, status = 200) => send(res, status, { code: status, msg: status === 202 ? 'Accepted' : 'OK', data });
  const typeById = (id: number) => options.types.find((type) => type.id === id);
  const orderData = (order: SeagmStandInOrder) => {
    const type = typeById(order.typeId);
    const unitPrice = type?.unitPrice ?? 0;
    const payAmount = (unitPrice * order.buyAmount).toFixed(2);
    const refunded = order.status === STATUS.refunded;
    return {
      id: order.id,
      mch_order_id: order.mchOrderId,
      type_id: order.typeId,
      buy_amount: order.buyAmount,
      unit_price: unitPrice.toFixed(2),
      pay_amount: payAmount,
      refunded_amount: refunded ? payAmount : '0.00',
      refunded_reason: refunded ? 'The game did not take the top-up.' : '',
      currency: type?.currency,
      status_code: order.status,
      status: STATUS_WORDS[order.status],
    };
  };

  async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // A GET's parameters are its query string's; a body counts only as a form, and the query string wins over it.
    const isForm = /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');
    const body = req.method !== 'GET' && isForm ? Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) : {};
    return { ...body, ...Object.fromEntries(url.searchParams) };
  }

  function create(res: ServerResponse, params: Record<string, string>): void {
    const { type_id: typeId, buy_amount: buyAmount, mch_order_id: reference } = params;
    if (!typeId || !buyAmount || !reference) return refuse(res, 406, 10406, 'type_id, buy_amount and mch_order_id are required');
    // A whole number of the type, at least one: SEAGM refuses anything else, and charges for what it takes.
    if (!/^[1-9]\d*$/.test(buyAmount)) return refuse(res, 400, 10400, 'buy_amount must be a positive integer.');
    const type = typeById(Number(typeId));
    if (!type) return refuse(res, 404, 20077, "Recharge type doesn't exist.");
    const [min, max] = [type.minAmount ?? 1, type.maxAmount ?? 1];
    if (Number(buyAmount) < min || Number(buyAmount) > max) return refuse(res, 400, 10400, `buy_amount must be between ${min} and ${max}.`);
    if (byReference.has(reference)) return refuse(res, 400, 20090, 'The mch_order_id already exists.');
    const fields = Object.fromEntries(Object.entries(params).flatMap(([name, value]) => (/^fields\[(.+)\]$/.exec(name)?.[1] ? [[name.slice(7, -1), value]] : [])));
    const missing = type.fields.find((field) => !fields[field.name]);
    if (missing) return refuse(res, 406, 10406, `The field ${missing.name} is required`);
    if (unknownPlayers.has(fields[type.fields[0]?.name ?? ''] ?? '')) return refuse(res, 400, 20101, 'Invalid user ID.');
    if (credits < type.unitPrice * Number(buyAmount)) return refuse(res, 402, 20050, 'Insufficient balance.');
    credits = Math.round((credits - type.unitPrice * Number(buyAmount)) * 100) / 100;
    const order: SeagmStandInOrder = { id: (nextId += 1), mchOrderId: reference, typeId: type.id, buyAmount: Number(buyAmount), fields, status: STATUS.waiting };
    orders.push(order);
    byReference.set(reference, order);
    if (dropNext) {
      dropNext = false;
      res.socket?.destroy();
      return;
    }
    ok(res, orderData(order), 202);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const params = await readParams(req, url);
    if (params.uid !== options.uid) return refuse(res, 409, 10409, 'Unknown uid.');
    const problem = signatureProblem(params, options.secret, now());
    if (problem === 'timestamp') return refuse(res, 408, 10408, 'The timestamp is outside the allowed window.');
    if (problem) return refuse(res, 409, 10409, 'Signature and data do not match.');
    const path = url.pathname.replace(/^\/+/, '');
    const route = ROUTES.find((candidate) => candidate.path.test(path));
    if (route && route.method !== req.method) return refuse(res, 405, 10405, `${path} takes ${route.method} only.`);
    if (req.method === 'GET' && path === 'v1/recharge-categories') return ok(res, options.categories);
    const typesOf = /^v1\/recharge-categories\/(\d+)\/recharge-types$/.exec(path);
    if (req.method === 'GET' && typesOf) {
      return ok(
        res,
        options.types
          .filter((type) => type.categoryId === Number(typesOf[1]))
          .map((type) => ({
            id: type.id,
            category_id: type.categoryId,
            name: type.name,
            unit_price: type.unitPrice,
            currency: type.currency,
            min_amount: type.minAmount ?? 1,
            max_amount: type.maxAmount ?? 1,
            fields: type.fields,
          })),
      );
    }
    // "Get account details": the documented answer names the account and its credits, and no currency.
    if (req.method === 'GET' && path === 'v1/me') return ok(res, { id: Number(options.uid), username: 'merchant', email: 'merchant@example.com', credits });
    if (req.method === 'POST' && path === 'v1/recharge-orders') return create(res, params);
    const lookup = /^v1\/recharge-orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && lookup?.[1]) {
      const key = decodeURIComponent(lookup[1]);
      const order = params.query_type === 'mchOrderId' ? byReference.get(key) : orders.find((candidate) => String(candidate.id) === key);
      return order ? ok(res, orderData(order)) : refuse(res, 404, 20404, 'Order not found.');
    }
    refuse(res, 404, 20404, 'Not found.');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => send(res, 500, { code: 500, msg: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const signedNotice = (order: SeagmStandInOrder) => {
    const notice = { ...Object.fromEntries(Object.entries(orderData(order)).map(([name, value]) => [name, String(value ?? '')])), timestamp: String(now()) };
    return { ...notice, signature: signatureOf(notice, options.secret) };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    credits: () => credits,
    setCredits: (value) => {
      credits = value;
    },
    setCallbackUrl: (url) => {
      callbackUrl = url;
    },
    refusePlayer: (playerId) => {
      unknownPlayers.add(playerId);
    },
    dropNextAnswer: () => {
      dropNext = true;
    },
    signedNotice,
    async finish(mchOrderId, status) {
      const order = byReference.get(mchOrderId);
      if (!order) throw new Error(`No SEAGM order ${mchOrderId}`);
      if (ENDS.has(order.status)) throw new Error(`SEAGM order ${mchOrderId} has ended with ${order.status}`);
      order.status = status;
      if (status === STATUS.refunded) credits = Math.round((credits + (typeById(order.typeId)?.unitPrice ?? 0) * order.buyAmount) * 100) / 100;
      if (!callbackUrl) return '';
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signedNotice(order)),
      });
      return response.text();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A test store set up for SEAGM with `credentials`, against a stand-in of its own selling PUBG's 60 UC with
 * 1,000 USD of credit; `settings` go over the test store's own. The stand-in sends no notice until told where.
 */
export async function startSeagmTestStore(
  credentials: { uid: string; secret: string },
  settings: Partial<Config> = {},
): Promise<{ seagm: SeagmStandIn; app: TestApp }> {
  const seagm = await startSeagmStandIn({ ...credentials, ...SEAGM_PUBG_60_UC, credits: 1000 });
  const app = await startTestApp({ seagm: { apiUrl: seagm.url, ...credentials }, ...settings });
  return { seagm, app };
}

/**
 * A PUBG package of 60 UC at 0.99 USD / 79 RUB in `app`, delivered by SEAGM's recharge type `typeId` (101 unless
 * said, its catalogue imported) first and, when asked, by the sandbox next.
 */
export async function seagmSixtyUc(app: TestApp, options: { typeId?: string; sandboxNext?: boolean } = {}): Promise<{ id: number }> {
  const product = await app.db('supplier_products as p')
    .join('suppliers as s', 's.id', 'p.supplier_id')
    .where({ 's.kind': 'seagm', 'p.external_id': options.typeId ?? '101' })
    .first<{ id: number }>('p.id');
  const fixtures = createFixtures(app.db, app.config.codesKey);
  return supplierOrderTools(() => ({ app, fixtures })).sixtyUc(product.id, options);
}

/** `app`'s SEAGM adapter (2 s timeout) with SEAGM's catalogue imported, and SEAGM's supplier id; the USD->RUB rate is 79. */
export async function seagmWithCatalogue(app: TestApp): Promise<{ provider: DeliveryProvider & SupplierAccount; supplierId: number }> {
  await createFixtures(app.db, app.config.codesKey).usdRubRate('79');
  const provider = createSeagmProvider({ settings: app.config.seagm, logger: createLogger('silent', 'seagm-test'), timeoutMs: 2_000 });
  const supplierId = (await app.db('suppliers').where({ kind: 'seagm' }).first<{ id: number }>('id')).id;
  await syncSupplierCatalogue(app.db, supplierId, provider);
  return { provider, supplierId };
}
