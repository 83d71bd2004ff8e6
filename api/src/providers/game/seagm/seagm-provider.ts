import { toMinor } from '@topup/common';
import type { Logger } from '../../../logger';
import {
  GameProviderUnavailableError,
  type DeliveryProvider,
  type DeliveryRequest,
  type ProviderOutcome,
  type RejectionReason,
  type SupplierCost,
  type SupplierAccount,
  type SupplierListing,
  type SupplierNotice,
} from '../game-provider';
import { isObject, jsonObjectOf, SUPPLIER_CALL_TIMEOUT_MS, text, type Json } from '../supplier-json';
import { seagmSignatureProblem, signSeagmParams } from './seagm-signature';

/*
 * The SEAGM Open API (doc.openapi.seagm.io) as a supplier of direct top-ups: recharge types are its products,
 * a recharge order carries our reference as `mch_order_id` and is looked up by it
 * (`GET v1/recharge-orders/{mch_order_id}?query_type=mchOrderId`). Orders are processed asynchronously: their
 * `status_code` 10001 (waiting) and 10002 (sending) are pending, 10003 done, 10004 failed, 10005 refunded
 * (`status` is the same in words, as SEAGM's answers recorded by its client rrq/seagm show). SEAGM signs its
 * notices like our calls, over the order's fields and a `timestamp` with no uid among them, names the order `id`,
 * and expects the plain answer `success`.
 */

export interface SeagmSettings {
  apiUrl: string;
  uid: string;
  secret: string;
}

/** A SEAGM order's status codes. */
const SEAGM_STATUS = { waiting: 10001, sending: 10002, done: 10003, failed: 10004, refunded: 10005 } as const;

/** What SEAGM expects in answer to a notice the merchant kept. */
export const SEAGM_NOTICE_ANSWER = 'success';

/** The currency SEAGM's credits are counted in when its account answer names none (its recharge prices are in USD). */
const SEAGM_CREDITS_CURRENCY = 'USD';

/** A SEAGM answer: its HTTP status and its JSON body ({code, msg, data} or {code, msg, error_info}). */
interface SeagmAnswer {
  status: number;
  body: Json;
}

const errorMessage = (answer: SeagmAnswer): string => {
  const info = isObject(answer.body.error_info) ? answer.body.error_info : {};
  return `SEAGM answered ${answer.status} ${text(answer.body.msg)}: ${text(info.info_code)} ${text(info.info_message)}`.trim();
};

/** A refused create, as our reasons: 402 the balance is short, 404/410 no such product, a player's id refused, else a failure. */
function refusalReason(answer: SeagmAnswer): RejectionReason {
  if (answer.status === 402) return 'insufficient_balance';
  if (answer.status === 404 || answer.status === 410) return 'product_unavailable';
  const info = isObject(answer.body.error_info) ? text(answer.body.error_info.info_message) : '';
  if (/\b(user|player|role|account)\b/i.test(info)) return 'player_not_found';
  return 'failed';
}

/** What a price reads as in minor units; a SEAGM price is a decimal in its currency. */
function costOf(order: Json): SupplierCost | undefined {
  const unitPrice = Number(order.unit_price);
  const currency = text(order.currency).toUpperCase();
  if (!Number.isFinite(unitPrice) || unitPrice < 0 || !currency) return undefined;
  const quantity = Number(order.buy_amount) || 1;
  return { amount: toMinor(unitPrice * quantity), currency };
}

/** An order SEAGM reported, as an outcome. */
function outcomeOf(order: Json): ProviderOutcome {
  const status = Number(order.status_code);
  const reference = text(order.id);
  const cost = costOf(order);
  const withCost = cost ? { cost } : {};
  if (status === SEAGM_STATUS.done) return { status: 'succeeded', reference, ...withCost };
  if (status === SEAGM_STATUS.failed || status === SEAGM_STATUS.refunded) {
    return { status: 'rejected', reason: 'failed', detail: `SEAGM order ${reference} ended with status ${status}` };
  }
  if (status === SEAGM_STATUS.waiting || status === SEAGM_STATUS.sending) return { status: 'pending', reference, ...withCost };
  throw new GameProviderUnavailableError(`SEAGM order ${reference} has an unknown status ${text(order.status_code)} ${text(order.status)}`.trim());
}

export function createSeagmProvider(deps: {
  settings: SeagmSettings;
  logger: Logger;
  timeoutMs?: number;
  now?: () => number;
}): DeliveryProvider & SupplierAccount {
  const { settings, logger } = deps;
  const apiUrl = settings.apiUrl.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? SUPPLIER_CALL_TIMEOUT_MS;
  const nowSeconds = () => Math.floor((deps.now ?? Date.now)() / 1000);

  /**
   * One signed call. Resolves to SEAGM's answer for a 2xx or 4xx; a network failure, a timeout, 408, 429
   * or a 5xx leaves the outcome unknown and throws GameProviderUnavailableError. The secret and the
   * signature are never logged.
   */
  async function call(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<SeagmAnswer> {
    const signed = new URLSearchParams(signSeagmParams(params, settings, nowSeconds()));
    const startedAt = Date.now();
    let response: Response;
    let raw: string;
    try {
      response = await fetch(method === 'GET' ? `${apiUrl}/${path}?${signed}` : `${apiUrl}/${path}`, {
        method,
        ...(method === 'POST' ? { body: signed, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.warn({ method, path, reason, ms: Date.now() - startedAt }, 'SEAGM call failed');
      throw new GameProviderUnavailableError(`SEAGM ${method} ${path} failed: ${reason}`);
    }
    const status = response.status;
    logger.debug({ method, path, status, ms: Date.now() - startedAt }, 'SEAGM call');
    const answer = { status, body: jsonObjectOf(raw) };
    if (status === 408 || status === 429 || status >= 500) throw new GameProviderUnavailableError(errorMessage(answer));
    // 409 is SEAGM's "Invalid Signature": our settings are wrong, and nothing was created.
    if (status === 409 || status === 401 || status === 403) {
      logger.error({ method, path, status }, 'SEAGM refused our credentials');
      throw new GameProviderUnavailableError(errorMessage(answer));
    }
    return answer;
  }

  const data = (answer: SeagmAnswer): unknown => answer.body.data;

  async function findDelivery(idempotencyKey: string): Promise<ProviderOutcome | undefined> {
    const answer = await call('GET', `v1/recharge-orders/${encodeURIComponent(idempotencyKey)}`, { query_type: 'mchOrderId' });
    if (answer.status === 404) return undefined;
    const order = data(answer);
    if (answer.status >= 300 || !isObject(order)) throw new GameProviderUnavailableError(errorMessage(answer));
    return outcomeOf(order);
  }

  async function deliver(request: DeliveryRequest): Promise<ProviderOutcome> {
    if (!request.product) throw new Error('A SEAGM delivery names the recharge type it buys');
    // The game's fields fill the product's, in order: the first (the player id) the first, and so on.
    const fields = Object.fromEntries(request.product.fields.map((field, index) => [`fields[${field.name}]`, request.account.fields[index]?.value ?? '']));
    const answer = await call('POST', 'v1/recharge-orders', {
      type_id: request.product.externalId,
      buy_amount: '1',
      mch_order_id: request.idempotencyKey,
      ...fields,
    });
    const order = data(answer);
    if (answer.status < 300 && isObject(order)) return outcomeOf(order);
    // A refused create may be a repeat of one SEAGM did take (a duplicate mch_order_id): its order wins.
    const existing = await findDelivery(request.idempotencyKey);
    if (existing) return existing;
    return { status: 'rejected', reason: refusalReason(answer), detail: errorMessage(answer) };
  }

  function readNotice(params: Record<string, string>): SupplierNotice | undefined {
    // A notice carries no uid: the signature with our secret is what says SEAGM sent it.
    if (seagmSignatureProblem(params, settings.secret, nowSeconds())) return undefined;
    const reference = params.mch_order_id;
    if (!reference) return undefined;
    return { idempotencyKey: reference, outcome: outcomeOf(params) };
  }

  async function list(path: string): Promise<Json[]> {
    const answer = await call('GET', path, {});
    const rows = data(answer);
    if (answer.status >= 300 || !Array.isArray(rows)) throw new GameProviderUnavailableError(errorMessage(answer));
    return rows.filter(isObject);
  }

  return {
    name: 'seagm',
    noticeAnswer: SEAGM_NOTICE_ANSWER,
    deliver,
    findDelivery,
    readNotice,

    /*
     * SEAGM's "Get account details" (doc.openapi.seagm.io; `GET v1/me`, signed): `data.credits` is the
     * account's balance as a decimal. The documentation names no currency for it; a `currency` in the answer
     * is taken, else USD, the currency SEAGM prices its recharge types in.
     */
    async balance() {
      const answer = await call('GET', 'v1/me', {});
      const account = data(answer);
      const credits = isObject(account) ? Number(account.credits) : Number.NaN;
      if (answer.status >= 300 || !isObject(account) || !Number.isFinite(credits)) throw new GameProviderUnavailableError(errorMessage(answer));
      return { amount: toMinor(credits), currency: text(account.currency).toUpperCase() || SEAGM_CREDITS_CURRENCY };
    },

    async products() {
      const listings: SupplierListing[] = [];
      for (const category of await list('v1/recharge-categories')) {
        for (const type of await list(`v1/recharge-categories/${text(category.id)}/recharge-types`)) {
          const cost = costOf(type);
          if (!cost) continue;
          listings.push({
            externalId: text(type.id),
            name: `${text(category.name)} ${text(type.name)}`.trim(),
            fields: (Array.isArray(type.fields) ? type.fields : []).filter(isObject).map((field) => ({ name: text(field.name), label: text(field.label) })),
            cost,
            available: type.status === undefined || Number(type.status) === 1 || type.status === true,
          });
        }
      }
      return listings;
    },
  };
}
