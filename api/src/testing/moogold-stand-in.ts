import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { toMinor } from '@topup/common';
import type { Config } from '../config';
import { startTestApp, type TestApp } from './harness';

/*
 * A strict local MooGold reseller API for tests, as the public clients pyMooGoldApi and Medboubazine/MooGold send
 * it and read its answers: every call is a JSON POST under /wp-json/v1/api/<path> that must carry our Basic
 * credentials, a `timestamp` and the `auth` HMAC over the body as sent + timestamp + path, and name the same
 * `path` in its body (else `{err_code, err_message}`); a create nests the account in `data` with `category` 1 and
 * `partnerOrderId` beside it; answers take the shapes those clients' models read. Orders are kept by
 * partnerOrderId (a second create with one is refused), stay `processing` until the test ends them, and are
 * looked up by it. No public source states the timestamp window, the refusal of a repeated partnerOrderId, the
 * err_code numbers or the order status words: those below are the store's assumptions, kept until MooGold's own
 * documentation confirms them. MooGold documents no signature on its callbacks, so the stand-in sends none: the
 * store polls.
 */

/*
 * MooGold's rules, written here apart from the adapter, so a mistake in the adapter's signing fails the tests
 * instead of agreeing with itself.
 */
/** Error codes, unconfirmed by a public source: wallet short, out of stock, partnerOrderId used, product unavailable, timestamp, credentials. */
const ERROR = { insufficientBalance: '111', outOfStock: '114', duplicateOrder: '420', productUnavailable: '422', timestamp: '426', authentication: '403' };
/** An order's status words, unconfirmed by a public source. */
const ORDER_STATUS = { processing: 'processing', completed: 'completed' };
/** `product/list_product`'s category of direct top-ups, and `order/create_order`'s `category` of one. */
const DIRECT_TOPUP_LISTING = 50;
const DIRECT_TOPUP_ORDER = 1;

interface MoogoldCredentials {
  partnerId: string;
  secret: string;
}
/** "Authentication": `Authorization: Basic base64(partner_id:secret)`. */
const basicAuthOf = ({ partnerId, secret }: MoogoldCredentials) => `Basic ${Buffer.from(`${partnerId}:${secret}`).toString('base64')}`;
/** "Authentication": `auth` is the hex HMAC-SHA256, keyed with the secret, of the body as sent, the timestamp and the path. */
const authOf = (body: string, timestamp: string, path: string, secret: string) => createHmac('sha256', secret).update(body + timestamp + path).digest('hex');

/** The window around MooGold's clock it takes a `timestamp` in, in seconds; an assumption, stated by no public source. */
const TIMESTAMP_WINDOW_SECONDS = 60;
/** Where the API lives on MooGold's host (its WordPress REST prefix). */
const API_PREFIX = '/wp-json/v1/api/';

export interface MoogoldStandInVariation {
  id: number;
  name: string;
  /** Decimal, in USD. */
  price: number;
}

export interface MoogoldStandInProduct {
  id: number;
  name: string;
  fields: string[];
  variations: MoogoldStandInVariation[];
  /** Whether `product/validate` checks accounts of this product. */
  validation: boolean;
}

export interface MoogoldStandInOrder {
  id: number;
  partnerOrderId: string;
  variationId: number;
  quantity: number;
  /** The account fields as sent, by MooGold's names ("User ID", "Server"). */
  fields: Record<string, string>;
  status: string;
}

export interface MoogoldStandIn {
  /** The API's base URL, as MOOGOLD_API_URL takes it. */
  url: string;
  orders: MoogoldStandInOrder[];
  setBalance(usd: number): void;
  balance(): number;
  /** The variation is sold out: a create of it is refused with 114. */
  setOutOfStock(variationId: number, outOfStock: boolean): void;
  /** No such account: MooGold's validation says so. */
  refusePlayer(playerId: string): void;
  /** The next create is carried out, then its connection is dropped without an answer. */
  dropNextAnswer(): void;
  /** The next call is answered with this MooGold error code instead. */
  failNextWith(code: string, message: string): void;
  /** Ends an order (completed, refunded or incorrect-details); a refund goes back to the wallet. */
  finish(partnerOrderId: string, status: 'completed' | 'refunded' | 'incorrect-details'): void;
  close(): Promise<void>;
}

/** A MooGold catalogue: PUBG Mobile's 60 UC (variation 90011) at $0.89, checkable, and Free Fire's 100 diamonds, not. */
export const MOOGOLD_CATALOGUE: MoogoldStandInProduct[] = [
  { id: 9001, name: 'PUBG Mobile (Global)', fields: ['User ID'], variations: [{ id: 90011, name: '60 UC', price: 0.89 }], validation: true },
  { id: 9002, name: 'Free Fire (Global)', fields: ['User ID'], variations: [{ id: 90021, name: '100 Diamonds', price: 0.95 }], validation: false },
];

/** The name MooGold gives a player it knows. */
export const moogoldNickname = (playerId: string) => `Moo${playerId.slice(-4)}`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startMoogoldStandIn(options: MoogoldCredentials & { products: MoogoldStandInProduct[]; balance: number }): Promise<MoogoldStandIn> {
  let wallet = options.balance;
  let dropNext = false;
  let failNext: { code: string; message: string } | undefined;
  const soldOut = new Set<number>();
  const unknownPlayers = new Set<string>();
  const orders: MoogoldStandInOrder[] = [];
  const byReference = new Map<string, MoogoldStandInOrder>();
  let nextId = 300_000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { err_code: code, err_message: message });
  const variationOf = (id: unknown) => {
    for (const product of options.products) {
      const variation = product.variations.find((candidate) => String(candidate.id) === String(id));
      if (variation) return { product, variation };
    }
    return undefined;
  };
  const orderDetail = (order: MoogoldStandInOrder) => {
    const found = variationOf(order.variationId);
    return {
      order_id: order.id,
      date_created: { date: '2026-11-27 10:00:00.000000', timezone_type: 3, timezone: 'Asia/Kuala_Lumpur' },
      order_status: order.status,
      item: [
        {
          product: `${found?.product.name} ${found?.variation.name}`,
          variation_id: order.variationId,
          quantity: order.quantity,
          price: found?.variation.price.toFixed(2),
          player_id: order.fields['User ID'] ?? '',
          server_id: order.fields.Server ?? '',
          voucher_code: [],
        },
      ],
      partner_order_id: order.partnerOrderId,
    };
  };

  /** The account fields a product asks for, as sent in `data`; the name of the first missing one otherwise. */
  function accountFields(product: MoogoldStandInProduct, data: Json): Record<string, string> | string {
    const fields: Record<string, string> = {};
    for (const name of product.fields) {
      const value = data[name];
      if (typeof value !== 'string' || value.trim() === '') return name;
      fields[name] = value;
    }
    return fields;
  }

  function create(res: ServerResponse, body: Json): void {
    const data = isObject(body.data) ? body.data : undefined;
    const reference = typeof body.partnerOrderId === 'string' ? body.partnerOrderId : '';
    if (!data || Number(data.category) !== DIRECT_TOPUP_ORDER) return refuse(res, 400, '400', 'Invalid category');
    const found = variationOf(data['product-id']);
    if (!found) return refuse(res, 400, ERROR.productUnavailable, 'Product is not available');
    const quantity = Number(data.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) return refuse(res, 400, '400', 'Invalid quantity');
    const fields = accountFields(found.product, data);
    if (typeof fields === 'string') return refuse(res, 400, '400', `${fields} is required`);
    if (reference && byReference.has(reference)) return refuse(res, 400, ERROR.duplicateOrder, 'Partner Order ID already exists');
    if (soldOut.has(found.variation.id)) return refuse(res, 400, ERROR.outOfStock, 'Product is out of stock');
    const price = toMinor(found.variation.price) * quantity;
    if (toMinor(wallet) < price) return refuse(res, 400, ERROR.insufficientBalance, 'Insufficient balance');
    wallet = (toMinor(wallet) - price) / 100;
    const order: MoogoldStandInOrder = { id: (nextId += 1), partnerOrderId: reference, variationId: found.variation.id, quantity, fields, status: ORDER_STATUS.processing };
    orders.push(order);
    if (reference) byReference.set(reference, order);
    if (dropNext) {
      dropNext = false;
      res.socket?.destroy();
      return;
    }
    send(res, 200, {
      status: true,
      message: 'Order has been created successfully',
      account_details: { order_id: order.id, player_id: fields['User ID'] ?? '', server_id: fields.Server ?? '' },
    });
  }

  function validate(res: ServerResponse, body: Json): void {
    const data = isObject(body.data) ? body.data : {};
    const found = variationOf(data['product-id']);
    if (!found) return refuse(res, 400, ERROR.productUnavailable, 'Product is not available');
    if (!found.product.validation) return send(res, 200, { status: false, message: 'Validation is not available for this product.' });
    const fields = accountFields(found.product, data);
    if (typeof fields === 'string') return refuse(res, 400, '400', `${fields} is required`);
    const playerId = fields[found.product.fields[0] ?? ''] ?? '';
    if (unknownPlayers.has(playerId)) return send(res, 200, { status: false, message: 'Invalid User ID' });
    send(res, 200, { status: true, message: 'Validation success', username: moogoldNickname(playerId) });
  }

  function answer(res: ServerResponse, path: string, body: Json): void {
    if (path === 'user/balance') return send(res, 200, { currency: 'USD', balance: wallet.toFixed(2) });
    if (path === 'product/list_product') {
      if (Number(body.category_id) !== DIRECT_TOPUP_LISTING) return send(res, 200, []);
      return send(res, 200, options.products.map((product) => ({ ID: String(product.id), post_title: product.name })));
    }
    if (path === 'product/product_detail') {
      const product = options.products.find((candidate) => String(candidate.id) === String(body.product_id));
      if (!product) return refuse(res, 400, ERROR.productUnavailable, 'Product is not available');
      return send(res, 200, {
        Product_Name: product.name,
        Image_URL: `https://moogold.com/wp-content/uploads/${product.id}.jpg`,
        Variation: product.variations.map((variation) => ({ variation_name: variation.name, variation_id: variation.id, variation_price: variation.price })),
        fields: product.fields,
      });
    }
    if (path === 'product/validate') return validate(res, body);
    if (path === 'order/create_order') return create(res, body);
    if (path === 'order/order_detail_partner_id') {
      const order = byReference.get(String(body.partner_order_id ?? ''));
      return order ? send(res, 200, orderDetail(order)) : refuse(res, 404, '404', 'Order not found');
    }
    send(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== 'POST' || !url.pathname.startsWith(API_PREFIX)) {
      return send(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
    }
    const path = url.pathname.slice(API_PREFIX.length);
    if (!sameText(req.headers.authorization ?? '', basicAuthOf(options))) return refuse(res, 403, ERROR.authentication, 'Authentication failed');
    const timestamp = String(req.headers.timestamp ?? '');
    if (!/^\d+$/.test(timestamp) || Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS) {
      return refuse(res, 403, ERROR.timestamp, 'Timestamp is incorrect');
    }
    if (!sameText(String(req.headers.auth ?? ''), authOf(raw, timestamp, path, options.secret))) return refuse(res, 403, ERROR.authentication, 'Authentication failed');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(res, 400, '400', 'Invalid JSON');
    }
    if (!isObject(body) || body.path !== path) return refuse(res, 400, '400', 'The path in the body does not match the URL');
    if (failNext) {
      const { code, message } = failNext;
      failNext = undefined;
      return refuse(res, 400, code, message);
    }
    answer(res, path, body);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => send(res, 500, { code: 'internal_server_error', message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${API_PREFIX.replace(/\/$/, '')}`,
    orders,
    balance: () => wallet,
    setBalance: (usd) => {
      wallet = usd;
    },
    setOutOfStock: (variationId, outOfStock) => {
      if (outOfStock) soldOut.add(variationId);
      else soldOut.delete(variationId);
    },
    refusePlayer: (playerId) => {
      unknownPlayers.add(playerId);
    },
    dropNextAnswer: () => {
      dropNext = true;
    },
    failNextWith: (code, message) => {
      failNext = { code, message };
    },
    finish(partnerOrderId, status) {
      const order = byReference.get(partnerOrderId);
      if (!order) throw new Error(`No MooGold order ${partnerOrderId}`);
      if (status !== ORDER_STATUS.completed) wallet = (toMinor(wallet) + toMinor(variationOf(order.variationId)!.variation.price) * order.quantity) / 100;
      order.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A test store set up for MooGold with `credentials`, against a stand-in of its own selling MOOGOLD_CATALOGUE
 * with 1,000 USD in the wallet; `settings` go over the test store's own.
 */
export async function startMoogoldTestStore(credentials: MoogoldCredentials, settings: Partial<Config> = {}): Promise<{ moogold: MoogoldStandIn; app: TestApp }> {
  const moogold = await startMoogoldStandIn({ ...credentials, products: MOOGOLD_CATALOGUE, balance: 1000 });
  const app = await startTestApp({ moogold: { apiUrl: moogold.url, ...credentials }, ...settings });
  return { moogold, app };
}
