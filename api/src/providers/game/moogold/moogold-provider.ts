import { toMinor } from '@topup/common';
import type { Logger } from '../../../logger';
import {
  GameProviderUnavailableError,
  type DeliveryProvider,
  type DeliveryRequest,
  type GameAccount,
  type PlayerCheck,
  type ProviderOutcome,
  type RejectionReason,
  type SupplierAccount,
  type SupplierCost,
  type SupplierListing,
  type SupplierProductRef,
} from '../game-provider';
import { isObject, SUPPLIER_CALL_TIMEOUT_MS, text, type Json } from '../supplier-json';
import { signMoogoldCall, type MoogoldCredentials } from './moogold-signature';

/*
 * The MooGold reseller API (doc.moogold.com) as a supplier of direct top-ups, as its documentation and the
 * public clients (pyMooGoldApi, Medboubazine/MooGold) have it:
 * - catalogue: `product/list_product` of the direct top-up category lists products ({ID, post_title});
 *   `product/product_detail` gives each one's variations ({variation_id, variation_name, variation_price}, the
 *   price a decimal in the wallet's currency, USD) and the account fields it asks for (["User ID", "Server"]);
 * - `order/create_order` {data: {category 1 (direct top-up), product-id (the variation), quantity, the fields},
 *   partnerOrderId} takes the order ({status: true, account_details: {order_id}}) and processes it later;
 * - `order/order_detail_partner_id` {partner_order_id} finds it by our reference: order_status `processing`,
 *   then `completed`, `refunded` (MooGold gave up and refunded its wallet) or `incorrect-details` (the account
 *   named does not exist);
 * - refusals are `{err_code, err_message}`: 111 balance short, 114 out of stock, 420 partnerOrderId used
 *   already, 422 product not sold to this account, 426 timestamp refused; `user/balance` {currency, balance};
 *   `product/validate` {data: {product-id, "User ID", ...}} -> {status, message, username}.
 * MooGold's order callbacks are set up by its account manager and carry no documented signature, so the store
 * trusts none of them (readNotice refuses every one) and learns an order's end by looking it up by our
 * reference (docs/architecture.md, "Suppliers").
 */

export interface MoogoldSettings {
  apiUrl: string;
  partnerId: string;
  secret: string;
}

/** The order statuses MooGold reports. */
const MOOGOLD_ORDER_STATUS = {
  processing: 'processing',
  completed: 'completed',
  refunded: 'refunded',
  incorrectDetails: 'incorrect-details',
} as const;

/** MooGold's error codes the store acts on. */
const MOOGOLD_ERROR = {
  insufficientBalance: '111',
  outOfStock: '114',
  duplicateOrder: '420',
  productUnavailable: '422',
  timestamp: '426',
  authentication: '403',
} as const;

/** The category `product/list_product` lists direct top-ups under. */
const MOOGOLD_DIRECT_TOPUP_LISTING = 50;
/** The `category` of a direct top-up in `order/create_order` (2 is a voucher). */
const MOOGOLD_DIRECT_TOPUP_ORDER = 1;
/** MooGold prices and its wallet in US dollars. */
const MOOGOLD_CURRENCY = 'USD';
/** What MooGold answers a validation of a product it offers none for. */
const NO_VALIDATION = /validation is not available/i;

/** Refusals of a create, as our reasons: only these move an order on to the next source. */
const REFUSALS: Readonly<Record<string, RejectionReason>> = {
  [MOOGOLD_ERROR.insufficientBalance]: 'insufficient_balance',
  [MOOGOLD_ERROR.outOfStock]: 'out_of_stock',
  [MOOGOLD_ERROR.productUnavailable]: 'product_unavailable',
};

/** A MooGold answer: its HTTP status and its JSON body. */
interface MoogoldAnswer {
  status: number;
  body: unknown;
}

const errorCode = (answer: MoogoldAnswer): string | undefined => (isObject(answer.body) && answer.body.err_code !== undefined ? text(answer.body.err_code) : undefined);

/** MooGold's answer in words, for logs and the order's timeline. */
const answerText = (answer: MoogoldAnswer): string => {
  const body = isObject(answer.body) ? answer.body : {};
  return `MooGold answered ${answer.status} ${text(body.err_code)} ${text(body.err_message ?? body.message)}`.trim();
};

/** What a decimal price in MooGold's currency reads as in minor units; undefined for no price. */
function costOf(price: unknown, quantity = 1): SupplierCost | undefined {
  const amount = Number(price);
  if (text(price) === '' || !Number.isFinite(amount) || amount < 0) return undefined;
  return { amount: toMinor(amount * quantity), currency: MOOGOLD_CURRENCY };
}

/** What an order's items cost together (price × quantity each), or undefined when one has no price. */
function orderCost(order: Json): SupplierCost | undefined {
  const items = (Array.isArray(order.item) ? order.item : []).filter(isObject);
  if (items.length === 0) return undefined;
  const costs = items.map((item) => costOf(item.price, Number(item.quantity) || 1));
  if (costs.some((cost) => cost === undefined)) return undefined;
  return { amount: costs.reduce((sum, cost) => sum + cost!.amount, 0), currency: MOOGOLD_CURRENCY };
}

/** An order MooGold reported, as an outcome; a status it does not document leaves the order unknown. */
function outcomeOf(order: Json): ProviderOutcome {
  const reference = text(order.order_id);
  const status = text(order.order_status).toLowerCase();
  const cost = orderCost(order);
  const withCost = cost ? { cost } : {};
  if (status === MOOGOLD_ORDER_STATUS.completed) return { status: 'succeeded', reference, ...withCost };
  if (status === MOOGOLD_ORDER_STATUS.processing) return { status: 'pending', reference, ...withCost };
  if (status === MOOGOLD_ORDER_STATUS.refunded) return { status: 'rejected', reason: 'failed', detail: `MooGold order ${reference} was refunded` };
  if (status === MOOGOLD_ORDER_STATUS.incorrectDetails) {
    return { status: 'rejected', reason: 'player_not_found', detail: `MooGold order ${reference}: incorrect account details` };
  }
  throw new GameProviderUnavailableError(`MooGold order ${reference} has an unknown status ${text(order.order_status)}`);
}

/** The values of a product's account fields, by its names: the game's fields fill them in the game's order. */
const accountData = (product: SupplierProductRef, account: GameAccount): Record<string, string> =>
  Object.fromEntries(product.fields.map((field, index) => [field.name, account.fields[index]?.value ?? '']));

export function createMoogoldProvider(deps: {
  settings: MoogoldSettings;
  logger: Logger;
  timeoutMs?: number;
  now?: () => number;
}): DeliveryProvider & Required<SupplierAccount> {
  const { settings, logger } = deps;
  const apiUrl = settings.apiUrl.replace(/\/+$/, '');
  const credentials: MoogoldCredentials = { partnerId: settings.partnerId, secret: settings.secret };
  const timeoutMs = deps.timeoutMs ?? SUPPLIER_CALL_TIMEOUT_MS;
  const nowSeconds = () => Math.floor((deps.now ?? Date.now)() / 1000);

  /**
   * One signed call. Resolves to MooGold's answer; a network failure, a timeout, 429, a 5xx, a body that is no
   * JSON, or a refusal of our credentials or clock leaves the outcome unknown and throws
   * GameProviderUnavailableError. The secret and the signature are never logged.
   */
  async function call(path: string, params: Json): Promise<MoogoldAnswer> {
    const signed = signMoogoldCall(path, params, credentials, nowSeconds());
    const startedAt = Date.now();
    let response: Response;
    let raw: string;
    try {
      response = await fetch(`${apiUrl}/${path}`, { method: 'POST', body: signed.body, headers: signed.headers, signal: AbortSignal.timeout(timeoutMs) });
      raw = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.warn({ path, reason, ms: Date.now() - startedAt }, 'MooGold call failed');
      throw new GameProviderUnavailableError(`MooGold ${path} failed: ${reason}`);
    }
    logger.debug({ path, status: response.status, ms: Date.now() - startedAt }, 'MooGold call');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new GameProviderUnavailableError(`MooGold ${path} answered ${response.status} with no JSON`);
    }
    const answer = { status: response.status, body };
    if (response.status === 429 || response.status >= 500) throw new GameProviderUnavailableError(answerText(answer));
    const code = errorCode(answer);
    if (code === MOOGOLD_ERROR.authentication || code === MOOGOLD_ERROR.timestamp) {
      logger.error({ path, status: response.status, code }, 'MooGold refused our credentials or clock');
      throw new GameProviderUnavailableError(answerText(answer));
    }
    return answer;
  }

  async function findDelivery(idempotencyKey: string): Promise<ProviderOutcome | undefined> {
    const answer = await call('order/order_detail_partner_id', { partner_order_id: idempotencyKey });
    // Only MooGold's own "no such order" (an err_code, with 404) says none was taken; a 404 of no route does not.
    if (answer.status === 404 && errorCode(answer) !== undefined) return undefined;
    if (!isObject(answer.body) || answer.body.order_status === undefined) throw new GameProviderUnavailableError(answerText(answer));
    return outcomeOf(answer.body);
  }

  async function deliver(request: DeliveryRequest): Promise<ProviderOutcome> {
    if (!request.product) throw new Error('A MooGold delivery names the product it buys');
    const answer = await call('order/create_order', {
      data: {
        category: MOOGOLD_DIRECT_TOPUP_ORDER,
        'product-id': request.product.externalId,
        quantity: 1,
        ...accountData(request.product, request.account),
      },
      partnerOrderId: request.idempotencyKey,
    });
    const body = isObject(answer.body) ? answer.body : {};
    const details = isObject(body.account_details) ? body.account_details : {};
    const orderId = text(details.order_id ?? body.order_id);
    if (answer.status < 300 && (body.status === true || body.status === 'true') && orderId) return { status: 'pending', reference: orderId };
    const code = errorCode(answer);
    const reason = code === undefined ? undefined : REFUSALS[code];
    if (reason) return { status: 'rejected', reason, detail: answerText(answer) };
    // A repeat of a create MooGold took: its order wins.
    if (code === MOOGOLD_ERROR.duplicateOrder) {
      const existing = await findDelivery(request.idempotencyKey);
      if (existing) return existing;
    }
    // Anything else leaves the order unknown: it is looked up by our reference before any other try.
    throw new GameProviderUnavailableError(answerText(answer));
  }

  async function detailOf(productId: string): Promise<Json> {
    const answer = await call('product/product_detail', { product_id: Number(productId) || productId });
    if (!isObject(answer.body) || !Array.isArray(answer.body.Variation)) throw new GameProviderUnavailableError(answerText(answer));
    return answer.body;
  }

  return {
    name: 'moogold',
    noticeAnswer: '',
    deliver,
    findDelivery,
    readNotice: () => undefined,

    async products() {
      const listed = await call('product/list_product', { category_id: MOOGOLD_DIRECT_TOPUP_LISTING });
      if (!Array.isArray(listed.body)) throw new GameProviderUnavailableError(answerText(listed));
      const listings: SupplierListing[] = [];
      for (const product of listed.body.filter(isObject)) {
        const detail = await detailOf(text(product.ID));
        const fields = (Array.isArray(detail.fields) ? detail.fields : []).map(text).filter(Boolean).map((name) => ({ name, label: name }));
        for (const variation of (detail.Variation as unknown[]).filter(isObject)) {
          const cost = costOf(variation.variation_price);
          if (!cost) continue;
          listings.push({
            externalId: text(variation.variation_id),
            name: `${text(detail.Product_Name ?? product.post_title)} ${text(variation.variation_name)}`.trim(),
            fields,
            cost,
            available: true,
          });
        }
      }
      return listings;
    },

    async balance() {
      const answer = await call('user/balance', {});
      const body = isObject(answer.body) ? answer.body : {};
      const amount = Number(body.balance);
      if (text(body.balance) === '' || !Number.isFinite(amount) || !text(body.currency)) throw new GameProviderUnavailableError(answerText(answer));
      return { amount: toMinor(amount), currency: text(body.currency).toUpperCase() };
    },

    async checkPlayer(product: SupplierProductRef, account: GameAccount): Promise<PlayerCheck | undefined> {
      const answer = await call('product/validate', { data: { 'product-id': product.externalId, ...accountData(product, account) } });
      const body = isObject(answer.body) ? answer.body : {};
      if (errorCode(answer) !== undefined || body.status === undefined) throw new GameProviderUnavailableError(answerText(answer));
      if (body.status === true || body.status === 'true') return { found: true, nickname: text(body.username) };
      return NO_VALIDATION.test(text(body.message)) ? undefined : { found: false };
    },
  };
}
