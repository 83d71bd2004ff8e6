import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for YooKassa's API v3, for tests, browser tests and benchmarks: an in-memory
 * node:http server that speaks YooKassa's documented request and response bodies (payments, refunds,
 * errors, notifications) under /v3, plus a hosted checkout page a shopper (or a script) can pay on.
 * It refuses what the API refuses (yookassa.ru/developers/api): credentials, idempotence keys, a shop
 * currency other than roubles, amounts outside a method's limits, field lengths and formats, receipts,
 * and operations the payment's status does not allow. It is written from YooKassa's documentation,
 * not from the store's adapter, so it checks the adapter.
 */

export type YookassaEvent = 'payment.succeeded' | 'payment.canceled' | 'payment.waiting_for_capture' | 'refund.succeeded';
type JsonObject = Record<string, unknown>;

export interface YookassaStandInOptions {
  shopId?: string;
  secretKey?: string;
  /** Delay before each API answer. */
  latencyMs?: number;
  /** The status new refunds get (YooKassa mostly answers succeeded at once; some methods pend). */
  refundStatus?: 'succeeded' | 'pending';
  /**
   * The shop sends 54-FZ receipts through YooKassa: a payment needs a `receipt`, and so does a partial
   * refund (a full one reuses the payment's). Default off.
   */
  receipts?: boolean;
  /** Payments are made in a test shop (`test: true`, YooKassa's test cards); false: a live shop. Default true. */
  testShop?: boolean;
  /** How long a payment stays payable before YooKassa cancels it as expired_on_confirmation. Default 1 hour. */
  pendingExpiryMs?: number;
}

/** One API request as it arrived. */
export interface StandInRequest {
  method: string;
  /** The path as received, e.g. /v3/payments. */
  path: string;
  idempotenceKey?: string;
  authorization?: string;
  /** The status the stand-in answered. */
  status: number;
}

export interface StandInPayment {
  /** The payment as GET /payments/{id} answers it now. */
  object: JsonObject;
  /** The body of the POST /payments that created it. */
  request: JsonObject;
  receipt?: JsonObject;
  idempotenceKey: string;
}

export interface StandInRefund {
  object: JsonObject;
  request: JsonObject;
  receipt?: JsonObject;
  idempotenceKey: string;
}

export interface StandInNotification {
  event: YookassaEvent;
  objectId: string;
  url: string;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
}

export interface CancellationDetails {
  party: string;
  reason: string;
}

interface ControlOptions {
  /** Send the notification for the change (default: when a notification URL is set). */
  notify?: boolean;
}

export interface YookassaStandIn {
  /** The API's base URL: what YOOKASSA_API_URL is set to. */
  readonly url: string;
  /** The server's origin, where the checkout pages are. */
  readonly origin: string;
  readonly shopId: string;
  readonly secretKey: string;
  /** Delay before each API answer; may be changed between requests. */
  latencyMs: number;
  readonly payments: ReadonlyMap<string, StandInPayment>;
  readonly refunds: ReadonlyMap<string, StandInRefund>;
  readonly requests: readonly StandInRequest[];
  readonly notifications: readonly StandInNotification[];
  /** Where notifications are POSTed (the shop's "HTTP notifications" URL); none: not sent. */
  setNotificationUrl(url: string | undefined): void;
  /** The shopper paid: succeeded (or waiting_for_capture, for a payment created with capture false). */
  succeed(paymentId: string, options?: ControlOptions): Promise<JsonObject>;
  /** The payment is held for capture (paid, not captured). */
  waitForCapture(paymentId: string, options?: ControlOptions): Promise<JsonObject>;
  cancel(paymentId: string, details?: CancellationDetails, options?: ControlOptions): Promise<JsonObject>;
  /** Settles a pending refund. */
  settleRefund(refundId: string, status: 'succeeded' | 'canceled', options?: ControlOptions): Promise<JsonObject>;
  /** POSTs YooKassa's notification for the object to the notification URL; resolves to the HTTP status. */
  notify(event: YookassaEvent, objectId: string): Promise<number>;
  /**
   * Answers the next `times` API requests (only those whose path ends with `pathEnd`, when given) with
   * this status and YooKassa's body for it (202, 429, 500...), without acting on them.
   */
  failNext(status: number, times?: number, pathEnd?: string): void;
  /**
   * Moves the stand-in's clock forward: pending payments past their payable window are canceled as
   * expired, and idempotence keys older than 24 hours are forgotten (a repeat is a new request).
   */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

const API_PREFIX = '/v3';
const BODY_LIMIT_BYTES = 1024 * 1024;
const FORM_LIMIT_BYTES = 4096;
const NOTIFY_TIMEOUT_MS = 10_000;
const IDEMPOTENCE_KEY_MAX = 64;
const DESCRIPTION_MAX = 128;
const REFUND_DESCRIPTION_MAX = 250;
const RETURN_URL_MAX = 2048;
const METADATA_KEYS_MAX = 16;
const METADATA_KEY_MAX = 32;
const METADATA_VALUE_MAX = 512;
const RECEIPT_ITEMS_MAX = 100;
const VAT_CODE_MAX = 12;
const TAX_SYSTEM_CODE_MAX = 6;
/** YooKassa keeps an idempotence key for 24 hours; after that the same key is a new request. */
const IDEMPOTENCE_KEY_TTL_MS = 24 * 3600 * 1000;
const PENDING_EXPIRY_MS = 3600 * 1000;
const EXPIRED: CancellationDetails = { party: 'yoo_money', reason: 'expired_on_confirmation' };
const CAPTURE_EXPIRED: CancellationDetails = { party: 'yoo_money', reason: 'expired_on_capture' };
const AMOUNT_VALUE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
const CURRENCY = /^[A-Z]{3}$/;
const PAYMENT_METHOD_TYPES = [
  'bank_card',
  'sbp',
  'yoo_money',
  'sberbank',
  'tinkoff_bank',
  'sber_loan',
  'mobile_balance',
  'cash',
  'b2b_sberbank',
  'electronic_certificate',
];
const PAYMENT_MODES = ['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment'];
/** The documented error code of each documented error status. */
const ERROR_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_credentials',
  403: 'forbidden',
  404: 'not_found',
  429: 'too_many_requests',
  500: 'internal_server_error',
};
/**
 * The shop is a Russian company's, which takes roubles only: a payment in another currency is refused
 * as "Payment method is not available" (invalid_request), yookassa.ru/questions/q219.
 */
const SHOP_CURRENCY = 'RUB';
/** "Способы оплаты" (bank_card, sbp): a payment is at least 1 rouble, at most 350 000 by card and 700 000 by SBP, in kopecks. */
const PAYMENT_MIN = 100n;
const PAYMENT_MAX: Record<string, bigint> = { bank_card: 35_000_000n, sbp: 70_000_000n };
/** A receipt's phone: ITU-T E.164 digits without the plus, e.g. 79000000000 (the receipt's customer object). */
const RECEIPT_PHONE = /^\d{1,15}$/;
const RECEIPT_EMAIL = /^[^\s@]+@[^\s@]+$/;
/** What a payment declined on the checkout page, or cancelled without details, reports: the bank's plain refusal. */
const DEFAULT_DECLINE: CancellationDetails = { party: 'payment_network', reason: 'general_decline' };
const INVALID_CREDENTIALS = 'Error in shopId or secret key. Check their validity. You can reissue the key in the Merchant Profile';

type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
type RefundStatus = 'pending' | 'succeeded' | 'canceled';

interface PaymentState {
  id: string;
  status: PaymentStatus;
  amount: bigint;
  currency: string;
  capture: boolean;
  description?: string;
  metadata: JsonObject;
  returnUrl: string;
  methodType?: string;
  createdAt: string;
  /** When a pending payment stops being payable (the stand-in's clock, ms). */
  payableUntil: number;
  capturedAt?: string;
  expiresAt?: string;
  cancellation?: CancellationDetails;
  receipt?: JsonObject;
  request: JsonObject;
  idempotenceKey: string;
}

interface RefundState {
  id: string;
  paymentId: string;
  status: RefundStatus;
  amount: bigint;
  currency: string;
  description?: string;
  createdAt: string;
  cancellation?: CancellationDetails;
  receipt?: JsonObject;
  request: JsonObject;
  idempotenceKey: string;
}

interface Answer {
  status: number;
  body?: JsonObject;
}

/** A request the API refuses: YooKassa's error body. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly parameter?: string,
  ) {
    super(description);
  }
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => structuredClone(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorBody(status: number, description: string, parameter?: string): JsonObject {
  return {
    type: 'error',
    id: randomUUID(),
    code: ERROR_CODES[status] ?? 'internal_server_error',
    description,
    ...(parameter ? { parameter } : {}),
  };
}

/** What failNext answers: the documented body for the status, none for statuses without one. */
function faultAnswer(status: number): Answer {
  if (status === 202) return { status, body: { type: 'processing', description: 'Request accepted', retry_after: 1800 } };
  if (ERROR_CODES[status]) return { status, body: errorBody(status, `Simulated ${ERROR_CODES[status]}`) };
  return { status };
}

/** An id shaped like YooKassa's: 2419a771-000f-5000-9000-1edaf29243f2 (payments), -0015- (refunds). */
function yookassaId(kind: 'payment' | 'refund', nowMs: number): string {
  const time = Math.floor(nowMs / 1000).toString(16).padStart(8, '0').slice(-8);
  const random = randomBytes(8).toString('hex');
  const variant = '89ab'[Number.parseInt(random[0] ?? '0', 16) % 4];
  return `${time}-${kind === 'payment' ? '000f' : '0015'}-5000-${variant}000-${random.slice(4, 16)}`;
}

/** A receipt is registered once the payment succeeds, and dropped when it is canceled. */
function receiptRegistration(status: PaymentStatus): string {
  if (status === 'succeeded') return 'succeeded';
  return status === 'canceled' ? 'canceled' : 'pending';
}

function amountValue(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}

/** Reads an amount object; answers YooKassa's 400 naming the parameter at fault. */
function readAmount(raw: unknown, parameter: string): { minor: bigint; currency: string } {
  if (!isObject(raw)) throw new ApiError(400, `Parameter ${parameter} is missing or is not an object`, parameter);
  const match = typeof raw.value === 'string' ? AMOUNT_VALUE.exec(raw.value) : null;
  if (!match) throw new ApiError(400, 'Amount value must be a decimal string with at most 2 decimals, e.g. "100.00"', `${parameter}.value`);
  const minor = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (minor <= 0n) throw new ApiError(400, 'Amount value must be greater than zero', `${parameter}.value`);
  if (typeof raw.currency !== 'string' || !CURRENCY.test(raw.currency)) {
    throw new ApiError(400, 'Currency must be a three-letter ISO-4217 code, e.g. RUB', `${parameter}.currency`);
  }
  return { minor, currency: raw.currency };
}

function readOptionalText(raw: unknown, parameter: string, max: number): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || Array.from(raw).length > max) {
    throw new ApiError(400, `Parameter ${parameter} must be a string of at most ${max} characters`, parameter);
  }
  return raw;
}

function readMetadata(raw: unknown): JsonObject {
  if (raw === undefined || raw === null) return {};
  const valid =
    isObject(raw) &&
    Object.keys(raw).length <= METADATA_KEYS_MAX &&
    Object.entries(raw).every(
      ([key, value]) => key.length <= METADATA_KEY_MAX && typeof value === 'string' && value.length <= METADATA_VALUE_MAX,
    );
  if (!valid) {
    throw new ApiError(400, 'Metadata must have at most 16 keys of up to 32 characters with string values of up to 512', 'metadata');
  }
  return clone(raw);
}

function readReturnUrl(raw: unknown): string {
  if (!isObject(raw)) throw new ApiError(400, 'Parameter confirmation is missing', 'confirmation');
  if (raw.type !== 'redirect') throw new ApiError(400, 'The stand-in supports only the redirect confirmation type', 'confirmation.type');
  let valid = typeof raw.return_url === 'string' && raw.return_url.length <= RETURN_URL_MAX;
  try {
    valid = valid && ['http:', 'https:'].includes(new URL(raw.return_url as string).protocol);
  } catch {
    valid = false;
  }
  if (!valid) throw new ApiError(400, 'Return URL must be an absolute http(s) URL of up to 2048 characters', 'confirmation.return_url');
  return raw.return_url as string;
}

function readMethodType(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw) || typeof raw.type !== 'string' || !PAYMENT_METHOD_TYPES.includes(raw.type)) {
    throw new ApiError(400, 'Unknown payment method type', 'payment_method_data.type');
  }
  return raw.type;
}

/** Quantity in thousandths (YooKassa allows 3 decimals; older examples send it as a string). */
function readQuantity(raw: unknown): bigint {
  const number = typeof raw === 'string' && /^\d+(\.\d{1,3})?$/.test(raw) ? Number(raw) : raw;
  if (typeof number !== 'number' || !(number > 0) || Math.abs(number * 1000 - Math.round(number * 1000)) > 1e-6) {
    throw new ApiError(400, 'Quantity must be a positive number with at most 3 decimals', 'receipt.items.quantity');
  }
  return BigInt(Math.round(number * 1000));
}

function checkReceiptItem(item: unknown, currency: string): bigint {
  if (!isObject(item)) throw new ApiError(400, 'Receipt item must be an object', 'receipt.items');
  if (typeof item.description !== 'string' || item.description.length === 0 || Array.from(item.description).length > DESCRIPTION_MAX) {
    throw new ApiError(400, 'Receipt item description must be 1 to 128 characters', 'receipt.items.description');
  }
  const thousandths = readQuantity(item.quantity);
  const amount = readAmount(item.amount, 'receipt.items.amount');
  if (amount.currency !== currency) {
    throw new ApiError(400, 'Receipt item currency differs from the payment currency', 'receipt.items.amount.currency');
  }
  if (!isCode(item.vat_code, VAT_CODE_MAX)) {
    throw new ApiError(400, `VAT code must be an integer from 1 to ${VAT_CODE_MAX} (the VAT rates reference)`, 'receipt.items.vat_code');
  }
  if (item.payment_mode !== undefined && !PAYMENT_MODES.includes(item.payment_mode as string)) {
    throw new ApiError(400, 'Unknown payment mode', 'receipt.items.payment_mode');
  }
  if (item.payment_subject !== undefined && (typeof item.payment_subject !== 'string' || item.payment_subject === '')) {
    throw new ApiError(400, 'Unknown payment subject', 'receipt.items.payment_subject');
  }
  // The line's total, rounded half up to a kopeck.
  return (amount.minor * thousandths + 500n) / 1000n;
}

/** A code from 1 to `max`, as a number or its digits (YooKassa's examples send both). */
function isCode(raw: unknown, max: number): boolean {
  const code = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof code === 'number' && Number.isInteger(code) && code >= 1 && code <= max;
}

/**
 * Checks a receipt the way YooKassa does: a contact, a known tax system, valid items, and items adding
 * up to the amount (of the payment, or of a partial refund).
 */
function readReceipt(raw: unknown, amount: bigint, currency: string): JsonObject | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) throw new ApiError(400, 'Receipt must be an object', 'receipt');
  if (raw.tax_system_code !== undefined && !isCode(raw.tax_system_code, TAX_SYSTEM_CODE_MAX)) {
    throw new ApiError(400, `Tax system code must be an integer from 1 to ${TAX_SYSTEM_CODE_MAX}`, 'receipt.tax_system_code');
  }
  const customer = raw.customer;
  if (!isObject(customer) || (typeof customer.email !== 'string' && typeof customer.phone !== 'string')) {
    throw new ApiError(400, 'Receipt must have the customer email or phone', 'receipt.customer');
  }
  if (customer.email !== undefined && (typeof customer.email !== 'string' || !RECEIPT_EMAIL.test(customer.email))) {
    throw new ApiError(400, 'Customer email is not an email address', 'receipt.customer.email');
  }
  if (customer.phone !== undefined && (typeof customer.phone !== 'string' || !RECEIPT_PHONE.test(customer.phone))) {
    throw new ApiError(400, 'Customer phone must be in ITU-T E.164 format, e.g. 79000000000', 'receipt.customer.phone');
  }
  if (!Array.isArray(raw.items) || raw.items.length === 0 || raw.items.length > RECEIPT_ITEMS_MAX) {
    throw new ApiError(400, 'Receipt must have from 1 to 100 items', 'receipt.items');
  }
  const total = raw.items.reduce((sum: bigint, item: unknown) => sum + checkReceiptItem(item, currency), 0n);
  if (total !== amount) throw new ApiError(400, 'The sum of receipt items differs from the payment amount', 'receipt.items');
  return clone(raw);
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(400, 'Request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Same JSON whatever the key order, for comparing a repeated request with the first. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function checkoutPage(payment: PaymentState): string {
  const amount = `${amountValue(payment.amount)} ${payment.currency}`;
  const body =
    payment.status === 'pending'
      ? `<form method="post"><button name="decision" value="pay">Pay ${escapeHtml(amount)}</button>
<button name="decision" value="decline">Decline</button></form>`
      : `<p>This payment is ${escapeHtml(payment.status)}.</p><p><a href="${escapeHtml(payment.returnUrl)}">Back to the store</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>YooKassa stand-in checkout</title></head>
<body><h1>${escapeHtml(payment.description ?? 'Payment')}</h1><p class="amount">${escapeHtml(amount)}</p>${body}</body></html>`;
}

function sendJson(res: ServerResponse, answer: Answer): void {
  res.statusCode = answer.status;
  if (answer.body === undefined) {
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json;charset=UTF-8');
  res.end(JSON.stringify(answer.body));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(html);
}

export async function startYookassaStandIn(options: YookassaStandInOptions = {}): Promise<YookassaStandIn> {
  const shopId = options.shopId ?? '100500';
  const secretKey = options.secretKey ?? 'test_stand_in_secret_key';
  const refundStatus = options.refundStatus ?? 'succeeded';
  const receiptsOn = options.receipts ?? false;
  const testShop = options.testShop ?? true;
  const pendingExpiryMs = options.pendingExpiryMs ?? PENDING_EXPIRY_MS;
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;
  const timestamp = () => new Date(now()).toISOString();
  const payments = new Map<string, PaymentState>();
  const refunds = new Map<string, RefundState>();
  const idempotence = new Map<string, { fingerprint: string; answer: Answer; at: number }>();
  const requests: StandInRequest[] = [];
  const notifications: StandInNotification[] = [];
  const deliveries = new Set<Promise<unknown>>();
  const faults: Array<{ status: number; pathEnd?: string }> = [];
  let notificationUrl: string | undefined;
  let origin = '';

  /** What is refunded or being refunded of a payment: a canceled refund gives its amount back. */
  const refundedOf = (paymentId: string) =>
    [...refunds.values()]
      .filter((refund) => refund.paymentId === paymentId && refund.status !== 'canceled')
      .reduce((sum, refund) => sum + refund.amount, 0n);

  /** The payment as YooKassa's GET answers it: confirmation only while it can still be paid. */
  function paymentObject(payment: PaymentState): JsonObject {
    const money = (minor: bigint) => ({ value: amountValue(minor), currency: payment.currency });
    const refunded = refundedOf(payment.id);
    const paid = payment.status === 'succeeded' || payment.status === 'waiting_for_capture';
    return {
      id: payment.id,
      status: payment.status,
      amount: money(payment.amount),
      ...(payment.description !== undefined ? { description: payment.description } : {}),
      recipient: { account_id: shopId, gateway_id: '100700' },
      ...(payment.methodType ? { payment_method: { type: payment.methodType, id: payment.id, saved: false } } : {}),
      ...(payment.capturedAt ? { captured_at: payment.capturedAt } : {}),
      created_at: payment.createdAt,
      ...(payment.expiresAt && payment.status === 'waiting_for_capture' ? { expires_at: payment.expiresAt } : {}),
      ...(payment.status === 'pending'
        ? { confirmation: { type: 'redirect', confirmation_url: `${origin}/checkout/${payment.id}`, return_url: payment.returnUrl } }
        : {}),
      test: testShop,
      ...(payment.status === 'succeeded' ? { refunded_amount: money(refunded) } : {}),
      paid,
      refundable: payment.status === 'succeeded' && refunded < payment.amount,
      ...(payment.receipt ? { receipt_registration: receiptRegistration(payment.status) } : {}),
      metadata: clone(payment.metadata),
      ...(payment.cancellation ? { cancellation_details: { ...payment.cancellation } } : {}),
    };
  }

  function refundObject(refund: RefundState): JsonObject {
    return {
      id: refund.id,
      payment_id: refund.paymentId,
      status: refund.status,
      ...(refund.cancellation ? { cancellation_details: { ...refund.cancellation } } : {}),
      created_at: refund.createdAt,
      amount: { value: amountValue(refund.amount), currency: refund.currency },
      ...(refund.description !== undefined ? { description: refund.description } : {}),
    };
  }

  function paymentOf(id: string): PaymentState {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The stand-in has no payment ${id}`);
    return payment;
  }

  function objectFor(event: YookassaEvent, objectId: string): JsonObject {
    if (event === 'refund.succeeded') {
      const refund = refunds.get(objectId);
      if (!refund) throw new Error(`The stand-in has no refund ${objectId}`);
      return refundObject(refund);
    }
    return paymentObject(paymentOf(objectId));
  }

  /** POSTs a notification as YooKassa does: unsigned JSON, once (the test decides about repeats). */
  async function deliver(url: string, event: YookassaEvent, objectId: string): Promise<number> {
    const body = JSON.stringify({ type: 'notification', event, object: objectFor(event, objectId) });
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    notifications.push({ event, objectId, url, status });
    return status;
  }

  /** Sends a notification when a URL is set (and the caller did not say otherwise). */
  async function announce(event: YookassaEvent, objectId: string, options?: ControlOptions): Promise<void> {
    if (!notificationUrl || options?.notify === false) return;
    const delivery = deliver(notificationUrl, event, objectId);
    deliveries.add(delivery);
    try {
      await delivery;
    } finally {
      deliveries.delete(delivery);
    }
  }

  function assertPayable(payment: PaymentState, to: PaymentStatus): void {
    const allowed = to === 'waiting_for_capture' ? ['pending'] : ['pending', 'waiting_for_capture'];
    if (!allowed.includes(payment.status)) throw new Error(`Payment ${payment.id} is ${payment.status}; it cannot become ${to}`);
  }

  function markHeld(payment: PaymentState): void {
    assertPayable(payment, 'waiting_for_capture');
    payment.status = 'waiting_for_capture';
    payment.methodType ??= 'bank_card';
    payment.expiresAt = new Date(now() + 7 * 24 * 3600 * 1000).toISOString();
  }

  function markSucceeded(payment: PaymentState): void {
    assertPayable(payment, 'succeeded');
    payment.status = 'succeeded';
    payment.methodType ??= 'bank_card';
    payment.capturedAt = timestamp();
  }

  function markCanceled(payment: PaymentState, details: CancellationDetails): void {
    assertPayable(payment, 'canceled');
    payment.status = 'canceled';
    payment.cancellation = { ...details };
  }

  /**
   * YooKassa cancels, and notifies the shop of, pending payments past their payable window and held
   * payments not captured by their expires_at (the money goes back to the payer).
   */
  function expirePending(): void {
    for (const payment of payments.values()) {
      const expired =
        payment.status === 'pending'
          ? now() >= payment.payableUntil && EXPIRED
          : payment.status === 'waiting_for_capture' && payment.expiresAt !== undefined && now() >= Date.parse(payment.expiresAt) && CAPTURE_EXPIRED;
      if (!expired) continue;
      markCanceled(payment, expired);
      void announce('payment.canceled', payment.id);
    }
  }

  /** The shopper paid on the checkout page: captured at once, or held when created with capture false. */
  function pay(payment: PaymentState): YookassaEvent {
    if (payment.capture) {
      markSucceeded(payment);
      return 'payment.succeeded';
    }
    markHeld(payment);
    return 'payment.waiting_for_capture';
  }

  function createPayment(body: JsonObject, idempotenceKey: string): Answer {
    const { minor, currency } = readAmount(body.amount, 'amount');
    if (currency !== SHOP_CURRENCY) throw new ApiError(400, 'Payment method is not available', 'amount.currency');
    const methodType = readMethodType(body.payment_method_data);
    // The limits' error is not documented: YooKassa's invalid_request naming the amount.
    const max = methodType === undefined ? undefined : PAYMENT_MAX[methodType];
    if (minor < PAYMENT_MIN || (max !== undefined && minor > max)) {
      throw new ApiError(400, `Payment amount is outside this payment method's limits`, 'amount.value');
    }
    const returnUrl = readReturnUrl(body.confirmation);
    if (body.capture !== undefined && typeof body.capture !== 'boolean') throw new ApiError(400, 'Capture must be a boolean', 'capture');
    // capture defaults to false (two stages), which SBP does not support: an SBP payment must say capture true.
    if (isObject(body.payment_method_data) && body.payment_method_data.type === 'sbp' && body.capture !== true) {
      throw new ApiError(400, 'This payment method supports only one-stage payments: set capture to true', 'capture');
    }
    if (receiptsOn && body.receipt === undefined) {
      throw new ApiError(400, 'Receipt is missing or illegal: the shop sends receipts, so a payment needs one', 'receipt');
    }
    const payment: PaymentState = {
      id: yookassaId('payment', now()),
      status: 'pending',
      amount: minor,
      currency,
      capture: body.capture === true,
      description: readOptionalText(body.description, 'description', DESCRIPTION_MAX),
      metadata: readMetadata(body.metadata),
      returnUrl,
      methodType,
      createdAt: timestamp(),
      payableUntil: now() + pendingExpiryMs,
      receipt: readReceipt(body.receipt, minor, currency),
      request: clone(body),
      idempotenceKey,
    };
    payments.set(payment.id, payment);
    return { status: 200, body: paymentObject(payment) };
  }

  /** A payment held for capture, as the capture and cancel calls find it: only waiting_for_capture ones can be either. */
  function heldPayment(id: string): PaymentState {
    const payment = payments.get(id);
    if (!payment) throw new ApiError(404, "Incorrect payment_id. Payment doesn't exist or access denied.", 'payment_id');
    if (payment.status !== 'waiting_for_capture') {
      throw new ApiError(400, `Payment is ${payment.status}: only a payment waiting for capture can be captured or canceled`, 'payment_id');
    }
    return payment;
  }

  /** POST /payments/{id}/capture: all of the held amount, or a part (the rest goes back to the payer). */
  function capturePayment(id: string, body: JsonObject): Answer {
    const payment = heldPayment(id);
    if (body.amount !== undefined) {
      const { minor, currency } = readAmount(body.amount, 'amount');
      if (currency !== payment.currency) throw new ApiError(400, 'Capture currency differs from the payment currency', 'amount.currency');
      if (minor > payment.amount) throw new ApiError(400, 'Capture amount exceeds the amount held', 'amount.value');
      payment.amount = minor;
    }
    markSucceeded(payment);
    void announce('payment.succeeded', payment.id);
    return { status: 200, body: paymentObject(payment) };
  }

  /** POST /payments/{id}/cancel: the held money goes back to the payer. */
  function cancelPayment(id: string): Answer {
    const payment = heldPayment(id);
    markCanceled(payment, { party: 'merchant', reason: 'canceled_by_merchant' });
    void announce('payment.canceled', payment.id);
    return { status: 200, body: paymentObject(payment) };
  }

  function createRefund(body: JsonObject, idempotenceKey: string): Answer {
    const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!payment) throw new ApiError(400, "Payment doesn't exist or access denied", 'payment_id');
    const { minor, currency } = readAmount(body.amount, 'amount');
    if (currency !== payment.currency) throw new ApiError(400, 'Refund currency differs from the payment currency', 'amount.currency');
    const description = readOptionalText(body.description, 'description', REFUND_DESCRIPTION_MAX);
    if (payment.status !== 'succeeded') {
      throw new ApiError(400, `Payment is ${payment.status}: only succeeded payments can be refunded`, 'payment_id');
    }
    if (minor > payment.amount - refundedOf(payment.id)) {
      throw new ApiError(400, 'Refund amount exceeds the amount of the payment left to refund', 'amount.value');
    }
    // A full refund reuses the payment's receipt; a partial one must say what is given back.
    if (receiptsOn && minor < payment.amount && body.receipt === undefined) {
      throw new ApiError(400, 'Receipt is missing or illegal: a partial refund needs the receipt of what is refunded', 'receipt');
    }
    const receipt = readReceipt(body.receipt, minor, currency);
    const refund: RefundState = {
      id: yookassaId('refund', now()),
      paymentId: payment.id,
      status: refundStatus,
      amount: minor,
      currency,
      description,
      createdAt: timestamp(),
      receipt,
      request: clone(body),
      idempotenceKey,
    };
    refunds.set(refund.id, refund);
    if (refund.status === 'succeeded') void announce('refund.succeeded', refund.id);
    return { status: 200, body: refundObject(refund) };
  }

  /** POSTs are idempotent by key: the same key and body answer the first answer; another body is refused. */
  async function idempotentPost(
    req: IncomingMessage,
    key: string | undefined,
    create: (body: JsonObject, key: string) => Answer,
  ): Promise<Answer> {
    if (!key) throw new ApiError(400, 'Idempotence-Key header is missing', 'Idempotence-Key');
    if (key.length > IDEMPOTENCE_KEY_MAX) throw new ApiError(400, 'Idempotence key is longer than 64 characters', 'Idempotence-Key');
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) return { status: 415 };
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, BODY_LIMIT_BYTES));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(400, 'Request body is not valid JSON');
    }
    if (!isObject(body)) throw new ApiError(400, 'Request body must be a JSON object');
    const fingerprint = `${req.url}\n${canonical(body)}`;
    const seen = idempotence.get(key);
    if (seen && now() - seen.at < IDEMPOTENCE_KEY_TTL_MS) {
      if (seen.fingerprint !== fingerprint) throw new ApiError(400, 'Idempotence key duplicated', 'Idempotence-Key');
      return clone(seen.answer);
    }
    const answer = create(body, key);
    idempotence.set(key, { fingerprint, answer: clone(answer), at: now() });
    return answer;
  }

  function authorized(header: string | undefined): boolean {
    const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 && decoded.slice(0, colon) === shopId && decoded.slice(colon + 1) === secretKey;
  }

  async function routeApi(req: IncomingMessage, path: string, key: string | undefined): Promise<Answer> {
    const method = req.method ?? 'GET';
    const parts = path.slice(API_PREFIX.length).split('/').filter(Boolean);
    const [resource, id, action, extra] = parts;
    const paymentAction = resource === 'payments' && id !== undefined && (action === 'capture' || action === 'cancel');
    if ((resource !== 'payments' && resource !== 'refunds') || (action !== undefined && !paymentAction) || extra !== undefined) {
      throw new ApiError(404, 'Requested resource is not found');
    }
    if (paymentAction) {
      if (method !== 'POST') return { status: 405 };
      return idempotentPost(req, key, (body) => (action === 'capture' ? capturePayment(id, body) : cancelPayment(id)));
    }
    if (id === undefined) {
      if (method !== 'POST') return { status: 405 };
      return idempotentPost(req, key, resource === 'payments' ? createPayment : createRefund);
    }
    if (method !== 'GET') return { status: 405 };
    if (resource === 'payments') {
      const payment = payments.get(id);
      if (!payment) throw new ApiError(404, "Incorrect payment_id. Payment doesn't exist or access denied.", 'payment_id');
      return { status: 200, body: paymentObject(payment) };
    }
    const refund = refunds.get(id);
    if (!refund) throw new ApiError(404, "Incorrect refund_id. Refund doesn't exist or access denied.", 'refund_id');
    return { status: 200, body: refundObject(refund) };
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const key = typeof req.headers['idempotence-key'] === 'string' ? req.headers['idempotence-key'] : undefined;
    const entry: StandInRequest = {
      method: req.method ?? 'GET',
      path,
      idempotenceKey: key,
      authorization: req.headers.authorization,
      status: 0,
    };
    requests.push(entry);
    // A fault is the one of the request that arrives next: taken before the latency, so a slow request
    // still sleeping (its client gave up on it) cannot take the fault meant for the next one.
    const faultAt = faults.findIndex((fault) => fault.pathEnd === undefined || path.endsWith(fault.pathEnd));
    const [fault] = faultAt === -1 ? [] : faults.splice(faultAt, 1);
    if (standIn.latencyMs > 0) await sleep(standIn.latencyMs);
    expirePending();
    let answer: Answer;
    if (fault !== undefined) {
      answer = faultAnswer(fault.status);
    } else if (!authorized(req.headers.authorization)) {
      answer = {
        status: 401,
        body: errorBody(401, INVALID_CREDENTIALS, 'Authorization'),
      };
    } else {
      try {
        answer = await routeApi(req, path, key);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        answer = { status: error.status, body: errorBody(error.status, error.description, error.parameter) };
      }
    }
    entry.status = answer.status;
    if (!req.readableEnded) req.resume();
    sendJson(res, answer);
  }

  /** The hosted page: a shopper pays or declines, then goes back to the shop's return_url. */
  async function handleCheckout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    expirePending();
    const payment = payments.get(id);
    if (!payment) return sendHtml(res, 404, '<!doctype html><p>No such payment.</p>');
    if (req.method === 'GET') return sendHtml(res, 200, checkoutPage(payment));
    if (req.method !== 'POST') return sendHtml(res, 405, '<!doctype html><p>Method not allowed.</p>');
    const decision = new URLSearchParams(await readBody(req, FORM_LIMIT_BYTES)).get('decision');
    if (decision !== 'pay' && decision !== 'decline') return sendHtml(res, 400, '<!doctype html><p>Choose Pay or Decline.</p>');
    // A second submit (a double click, a back button) changes nothing and goes back again.
    if (payment.status === 'pending') {
      let event: YookassaEvent = 'payment.canceled';
      if (decision === 'pay') event = pay(payment);
      else markCanceled(payment, DEFAULT_DECLINE);
      await announce(event, payment.id);
    }
    res.statusCode = 303;
    res.setHeader('Location', payment.returnUrl);
    res.end();
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const checkout = /^\/checkout\/([\w-]+)$/.exec(path);
    const handled = checkout?.[1]
      ? handleCheckout(req, res, checkout[1])
      : path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
        ? handleApi(req, res, path)
        : Promise.resolve(sendJson(res, { status: 404, body: errorBody(404, 'Requested resource is not found') }));
    handled.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, { status: 500, body: errorBody(500, error instanceof Error ? error.message : 'Internal error') });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const control = async (paymentId: string, change: (payment: PaymentState) => YookassaEvent, options?: ControlOptions) => {
    const payment = paymentOf(paymentId);
    const event = change(payment);
    await announce(event, payment.id, options);
    return paymentObject(payment);
  };

  const standIn: YookassaStandIn = {
    url: `${origin}${API_PREFIX}`,
    origin,
    shopId,
    secretKey,
    latencyMs: options.latencyMs ?? 0,
    get payments() {
      return new Map(
        [...payments.values()].map((payment) => [
          payment.id,
          {
            object: paymentObject(payment),
            request: clone(payment.request),
            ...(payment.receipt ? { receipt: clone(payment.receipt) } : {}),
            idempotenceKey: payment.idempotenceKey,
          },
        ]),
      );
    },
    get refunds() {
      return new Map(
        [...refunds.values()].map((refund) => [
          refund.id,
          {
            object: refundObject(refund),
            request: clone(refund.request),
            ...(refund.receipt ? { receipt: clone(refund.receipt) } : {}),
            idempotenceKey: refund.idempotenceKey,
          },
        ]),
      );
    },
    get requests() {
      return requests.map((entry) => ({ ...entry }));
    },
    get notifications() {
      return notifications.map((entry) => ({ ...entry }));
    },
    setNotificationUrl(url) {
      notificationUrl = url;
    },
    succeed: (paymentId, controlOptions) => control(paymentId, pay, controlOptions),
    waitForCapture: (paymentId, controlOptions) =>
      control(
        paymentId,
        (payment) => {
          markHeld(payment);
          return 'payment.waiting_for_capture';
        },
        controlOptions,
      ),
    cancel: (paymentId, details = DEFAULT_DECLINE, controlOptions) =>
      control(
        paymentId,
        (payment) => {
          markCanceled(payment, details);
          return 'payment.canceled';
        },
        controlOptions,
      ),
    async settleRefund(refundId, status, controlOptions) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`The stand-in has no refund ${refundId}`);
      if (refund.status !== 'pending') throw new Error(`Refund ${refundId} is ${refund.status} already`);
      refund.status = status;
      if (status === 'canceled') refund.cancellation = { party: 'yoo_money', reason: 'general_decline' };
      else await announce('refund.succeeded', refund.id, controlOptions);
      return refundObject(refund);
    },
    async notify(event, objectId) {
      if (!notificationUrl) throw new Error('Set a notification URL first');
      return deliver(notificationUrl, event, objectId);
    },
    failNext(status, times = 1, pathEnd) {
      for (let count = 0; count < times; count += 1) faults.push({ status, pathEnd });
    },
    advanceClock(ms) {
      clockOffsetMs += ms;
      expirePending();
    },
    async close() {
      await Promise.allSettled([...deliveries]);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return standIn;
}
