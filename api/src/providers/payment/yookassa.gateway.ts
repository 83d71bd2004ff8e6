import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../../config';
import { createAddressList } from '../../lib/address-list';
import type { Logger } from '../../logger';
import {
  GatewayRateLimitedError,
  GatewayRequestError,
  WebhookPayloadError,
  type CaptureDecision,
  type CreatedPayment,
  type CreatePaymentRequest,
  type GatewayPaymentState,
  type GatewayRefundState,
  type WebhookGateway,
  type ReceiptLine,
  type RefundRequest,
  type WebhookMessage,
} from './payment-gateway';

/**
 * The YooKassa (API v3) card and SBP gateway. The store sends the shopper to YooKassa's hosted page;
 * YooKassa's notifications are unsigned, so each one is only a hint: the store reads the payment back
 * with getPayment before believing anything about it.
 */

export const YOOKASSA_PROVIDER = 'yookassa';

export interface YookassaGatewayDeps {
  settings: Config['yookassa'];
  logger: Logger;
  fetch?: typeof fetch;
  /** How long one call to YooKassa may take. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * YooKassa's rule for a call whose outcome is unknown (202 "still processing", 500, a timeout): repeat
 * it with the same data and Idempotence-Key; a 4xx is a definite answer. A create is tried this many
 * times before the shopper is told card payment is unavailable.
 */
const CREATE_ATTEMPTS = 3;
/** The wait before a repeat: YooKassa's retry_after when it gives one, else this times the attempt; capped, so the shopper is not kept long. */
const RETRY_WAIT_MS = 300;
const RETRY_WAIT_MAX_MS = 1500;
/** YooKassa's limits: payment and receipt item descriptions 128 characters, refund comments 250. */
const PAYMENT_DESCRIPTION_MAX = 128;
const RECEIPT_ITEM_DESCRIPTION_MAX = 128;
const REFUND_DESCRIPTION_MAX = 250;
/** YooKassa's ids look like 2419a771-000f-5000-9000-1edaf29243f2; nothing else is put into a URL. */
const OBJECT_ID = /^[0-9A-Za-z-]{1,64}$/;
/** An amount's value as YooKassa writes it: "123.45", "2.00", at most two decimals. */
const AMOUNT_VALUE = /^(\d{1,16})(?:\.(\d{1,2}))?$/;
const METADATA_ID = /^\d{1,15}$/;
const NOTIFICATION_EVENTS = ['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture', 'refund.succeeded'];

type JsonObject = Record<string, unknown>;

interface YookassaAmount {
  value: string;
  currency: string;
}

/** An answer that leaves the outcome unknown: the same call may be repeated, after `retryAfterMs` if YooKassa says. */
class UnknownOutcomeError extends Error {
  override name = 'UnknownOutcomeError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Cuts to a length in characters, never splitting a surrogate pair (YooKassa counts characters). */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** Minor units to YooKassa's decimal string, in integers only: 12345 -> "123.45". */
export function minorToValue(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Not an amount of minor units: ${minor}`);
  const big = BigInt(minor);
  return `${big / 100n}.${(big % 100n).toString().padStart(2, '0')}`;
}

/** YooKassa's decimal string to minor units, without floats: "123.45" -> 12345, "2" -> 200. */
export function valueToMinor(value: unknown): number {
  const match = typeof value === 'string' ? AMOUNT_VALUE.exec(value) : null;
  if (!match) throw new Error(`YooKassa sent an amount that is not a decimal string: ${JSON.stringify(value)}`);
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new Error(`YooKassa sent an amount out of range: ${String(value)}`);
  return minor;
}

function rubles(minor: number): YookassaAmount {
  return { value: minorToValue(minor), currency: 'RUB' };
}

/** YooKassa charges this shop in roubles only; anything else is the caller's mistake, never sent. */
function assertRoubles(currency: string): void {
  if (currency !== 'rub') throw new Error(`YooKassa charges in roubles only, not "${currency}"`);
}

/**
 * An id refused before it reaches a URL. It is a definite refusal (GatewayRequestError, not retried),
 * as YooKassa itself would refuse a malformed id.
 */
function assertObjectId(id: string, what: string): void {
  if (typeof id !== 'string' || !OBJECT_ID.test(id)) {
    throw new GatewayRequestError(`Not a YooKassa ${what} id: ${JSON.stringify(id)}`, 400, 'invalid_request');
  }
}

function metadataId(value: unknown): number | undefined {
  return typeof value === 'string' && METADATA_ID.test(value) ? Number(value) : undefined;
}

function refundStatus(value: unknown): GatewayRefundState['status'] {
  if (value === 'pending' || value === 'succeeded' || value === 'canceled') return value;
  throw new Error(`YooKassa sent an unknown refund status: ${JSON.stringify(value)}`);
}

function paymentStatus(value: unknown): GatewayPaymentState['status'] {
  if (value === 'pending' || value === 'waiting_for_capture' || value === 'succeeded' || value === 'canceled') return value;
  throw new Error(`YooKassa sent an unknown payment status: ${JSON.stringify(value)}`);
}

/** A payment object of the API as the store reads it; it must be the payment asked about. */
function readPayment(payment: JsonObject, providerPaymentId: string): GatewayPaymentState {
  if (payment.id !== providerPaymentId) throw new Error(`YooKassa answered for another payment than ${providerPaymentId}`);
  const amount = isObject(payment.amount) ? payment.amount : {};
  if (typeof amount.currency !== 'string') throw new Error('YooKassa answered a payment without a currency');
  const metadata = isObject(payment.metadata) ? payment.metadata : {};
  const cancellation = isObject(payment.cancellation_details) ? payment.cancellation_details : {};
  return {
    providerPaymentId,
    status: paymentStatus(payment.status),
    amount: valueToMinor(amount.value),
    currency: amount.currency.toLowerCase(),
    paymentId: metadataId(metadata.payment_id),
    orderId: metadataId(metadata.order_id),
    ...(typeof cancellation.reason === 'string' ? { cancellationReason: cancellation.reason } : {}),
    // Anything but an explicit false is a test shop's payment: never mistaken for real money.
    test: payment.test !== false,
  };
}

function readId(body: JsonObject, what: string): string {
  if (typeof body.id !== 'string' || !OBJECT_ID.test(body.id)) throw new Error(`YooKassa answered without a usable ${what} id`);
  return body.id;
}

function receiptOf(receipt: { email: string; lines: ReceiptLine[] }, settings: Config['yookassa']): JsonObject {
  return {
    customer: { email: receipt.email },
    ...(settings.taxSystemCode === undefined ? {} : { tax_system_code: settings.taxSystemCode }),
    items: receipt.lines.map((line) => ({
      description: truncate(line.description, RECEIPT_ITEM_DESCRIPTION_MAX),
      // The API takes a number here (up to 3 decimals); the amount is the price of one unit.
      quantity: line.quantity,
      amount: rubles(line.unitAmount),
      vat_code: settings.vatCode,
      payment_subject: settings.paymentSubject,
      payment_mode: settings.paymentMode,
    })),
  };
}

function paymentBody(request: CreatePaymentRequest, settings: Config['yookassa']): JsonObject {
  return {
    amount: rubles(request.amount),
    // Cards pay in two stages: the store captures only while the order still holds its codes
    // (docs/architecture.md, "Payments"). SBP payments are one-stage only.
    capture: request.method === 'sbp',
    confirmation: { type: 'redirect', return_url: request.returnUrl },
    description: truncate(request.description, PAYMENT_DESCRIPTION_MAX),
    metadata: { order_id: String(request.orderId), payment_id: String(request.paymentId) },
    payment_method_data: { type: request.method === 'sbp' ? 'sbp' : 'bank_card' },
    ...(request.receipt && settings.sendReceipt ? { receipt: receiptOf(request.receipt, settings) } : {}),
  };
}

/** Reads an unsigned notification as a hint naming the payment it is about; nothing else in it is used. */
function readNotification(rawBody: string | undefined): WebhookMessage {
  if (rawBody === undefined) throw new WebhookPayloadError('The notification has no body');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookPayloadError('The notification body is not JSON');
  }
  if (!isObject(body) || body.type !== 'notification' || typeof body.event !== 'string' || !isObject(body.object)) {
    throw new WebhookPayloadError('The body is not a YooKassa notification');
  }
  if (!NOTIFICATION_EVENTS.includes(body.event)) throw new WebhookPayloadError(`Unexpected YooKassa event "${body.event}"`);
  const paymentId = body.event === 'refund.succeeded' ? body.object.payment_id : body.object.id;
  if (typeof paymentId !== 'string' || !OBJECT_ID.test(paymentId)) {
    throw new WebhookPayloadError('The notification does not name a YooKassa payment');
  }
  return { kind: 'hint', providerPaymentId: paymentId };
}

export function createYookassaGateway(deps: YookassaGatewayDeps): WebhookGateway {
  const { settings, logger } = deps;
  const fetchImpl = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const apiUrl = settings.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;
  const notificationSources = createAddressList(settings.notificationIps);

  /** One call to the API: the parsed object on 200, GatewayRequestError on a definite refusal, Error otherwise. */
  async function call(method: 'GET' | 'POST', path: string, post?: { idempotenceKey: string; body: JsonObject }): Promise<JsonObject> {
    const headers: Record<string, string> = { Authorization: authorization, 'Content-Type': 'application/json' };
    if (post) headers['Idempotence-Key'] = post.idempotenceKey;
    const startedAt = Date.now();
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${apiUrl}${path}`, {
        method,
        headers,
        body: post ? JSON.stringify(post.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // Network failures and timeouts: the outcome is unknown, so the caller retries with the same key.
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.warn({ method, path, reason, ms: Date.now() - startedAt }, 'YooKassa call failed');
      throw new UnknownOutcomeError(`YooKassa ${method} ${path} failed: ${reason}`);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const status = response.status;
    logger.debug({ method, path, status, ms: Date.now() - startedAt }, 'YooKassa call');
    if (status === 200) {
      if (!isObject(body)) throw new Error(`YooKassa ${method} ${path} answered 200 without a JSON object`);
      return body;
    }
    const error = isObject(body) ? body : {};
    const code = typeof error.code === 'string' ? error.code : undefined;
    const description = typeof error.description === 'string' ? error.description : undefined;
    logger.warn(
      { method, path, status, code, description, parameter: error.parameter, errorId: error.id },
      'YooKassa refused a call',
    );
    const answered = `YooKassa ${method} ${path} answered ${status}${description ? `: ${description}` : ''}`;
    // 202 means "accepted, still processing; ask again with the same key" (after retry_after ms): as unknown as a 500.
    if (status === 202 || status >= 500 || status < 400) {
      const retryAfterMs = typeof error.retry_after === 'number' && error.retry_after >= 0 ? error.retry_after : undefined;
      throw new UnknownOutcomeError(answered, retryAfterMs);
    }
    // Too many requests: nothing was done; worth trying later, not at once.
    if (status === 429) throw new GatewayRateLimitedError(answered);
    throw new GatewayRequestError(description ?? `YooKassa refused ${method} ${path} with ${status}`, status, code);
  }

  /** A POST repeated with the same key while its outcome is unknown, up to CREATE_ATTEMPTS times. */
  async function postRepeated(path: string, post: { idempotenceKey: string; body: JsonObject }): Promise<JsonObject> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await call('POST', path, post);
      } catch (error) {
        if (!(error instanceof UnknownOutcomeError) || attempt >= CREATE_ATTEMPTS) throw error;
        const waitMs = Math.min(error.retryAfterMs ?? RETRY_WAIT_MS * attempt, RETRY_WAIT_MAX_MS);
        logger.info({ path, attempt, waitMs }, 'Repeating a YooKassa call whose outcome is unknown');
        await delay(waitMs);
      }
    }
  }

  return {
    name: YOOKASSA_PROVIDER,
    capabilities: {
      methods: ['card', 'sbp'],
      // A USD order is charged its RUB total; YooKassa takes no sums.
      currencies: ['usd', 'rub'],
      chargeCurrency: 'rub',
      refunds: true,
      receiptEmailRequired: settings.sendReceipt,
      refusesTestPayments: !settings.acceptTestPayments,
    },

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      assertRoubles(request.currency);
      // The key is the payment row's own, so a repeated create answers the payment already made.
      const payment = await postRepeated('/payments', { idempotenceKey: request.idempotenceKey, body: paymentBody(request, settings) });
      const confirmation = isObject(payment.confirmation) ? payment.confirmation : {};
      if (typeof confirmation.confirmation_url !== 'string') throw new Error('YooKassa answered a payment without a confirmation_url');
      return { providerPaymentId: readId(payment, 'payment'), payUrl: confirmation.confirmation_url };
    },

    readWebhook(rawBody: string | undefined, _headers: IncomingHttpHeaders): WebhookMessage {
      return readNotification(rawBody);
    },

    acceptsNotificationFrom: (address) => notificationSources.has(address),

    async getPayment(providerPaymentId: string): Promise<GatewayPaymentState> {
      assertObjectId(providerPaymentId, 'payment');
      return readPayment(await call('GET', `/payments/${providerPaymentId}`), providerPaymentId);
    },

    async capturePayment(decision: CaptureDecision): Promise<GatewayPaymentState> {
      assertRoubles(decision.currency);
      assertObjectId(decision.providerPaymentId, 'payment');
      const body = { amount: rubles(decision.amount) };
      const path = `/payments/${decision.providerPaymentId}/capture`;
      return readPayment(await call('POST', path, { idempotenceKey: decision.idempotenceKey, body }), decision.providerPaymentId);
    },

    async cancelPayment(decision: Pick<CaptureDecision, 'providerPaymentId' | 'idempotenceKey'>): Promise<GatewayPaymentState> {
      assertObjectId(decision.providerPaymentId, 'payment');
      const path = `/payments/${decision.providerPaymentId}/cancel`;
      return readPayment(await call('POST', path, { idempotenceKey: decision.idempotenceKey, body: {} }), decision.providerPaymentId);
    },

    async refund(request: RefundRequest): Promise<GatewayRefundState> {
      assertRoubles(request.currency);
      assertObjectId(request.providerPaymentId, 'payment');
      const refund = await call('POST', '/refunds', {
        idempotenceKey: request.idempotenceKey,
        body: {
          payment_id: request.providerPaymentId,
          amount: rubles(request.amount),
          description: truncate(request.description, REFUND_DESCRIPTION_MAX),
          ...(request.receipt && settings.sendReceipt ? { receipt: receiptOf(request.receipt, settings) } : {}),
        },
      });
      return { providerRefundId: readId(refund, 'refund'), status: refundStatus(refund.status) };
    },

    async getRefund(providerRefundId: string): Promise<GatewayRefundState> {
      assertObjectId(providerRefundId, 'refund');
      const refund = await call('GET', `/refunds/${providerRefundId}`);
      if (refund.id !== providerRefundId) throw new Error(`YooKassa answered for another refund than ${providerRefundId}`);
      return { providerRefundId, status: refundStatus(refund.status) };
    },
  };
}
