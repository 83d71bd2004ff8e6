import type { IncomingHttpHeaders } from 'node:http';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { AppContext, AppState } from '../../types';
import {
  GATEWAY_EVENT_TYPES,
  WebhookPayloadError,
  type CreatedPayment,
  type CreatePaymentRequest,
  type GatewayCapabilities,
  type GatewayEventType,
  type GatewayRefundState,
  type WebhookGateway,
  type RefundRequest,
  type VerifiedGatewayEvent,
  type WebhookMessage,
} from './payment-gateway';
import {
  renderOutcome,
  renderPayForm,
  renderProblem,
  renderSbpForm,
  type CardFields,
  type PayPagePayment,
  type PaymentOutcome,
} from './sandbox-pay-page';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

/**
 * The sandbox card gateway (README, Configuration: PAYMENT_PROVIDER). It behaves like a hosted gateway over
 * HTTP: a pay page of its own, a decision posted from it, and a signed webhook delivered to the
 * store with retries. It runs inside the API process and keeps no state of its own: the payments
 * row (found by provider_payment_id) is its storage, and the decision it has delivered is the
 * store's gateway_events row of its event. Nothing here touches orders, codes or balances; that is
 * the store's payment service's work once the webhook arrives.
 */

export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The body of a sandbox webhook. */
export interface SandboxWebhookBody {
  event_id: string;
  type: GatewayEventType;
  /** The gateway's payment id. */
  payment_id: string;
  /** Minor units. */
  amount: number;
  currency: string;
}

export interface WebhookDelivery {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the second attempt; doubled before each further one. */
  firstRetryDelayMs: number;
  /** How long one attempt may take. */
  timeoutMs: number;
}

export interface SandboxGatewayDeps {
  db: Knex;
  logger: Logger;
  webhookSecret: string;
  /** Base of the pay page links handed to shoppers. */
  publicUrl: string;
  merchantName?: string;
  /**
   * Where the webhook goes. By default, back to the API process that served the pay page, at the
   * address the request arrived on (never one taken from request headers).
   */
  webhookUrl?: (ctx: AppContext) => string;
  delivery?: Partial<WebhookDelivery>;
}

const PAYMENT_ID = /^pay_[0-9a-f]{32}$/;
const FORM_LIMIT_BYTES = 4096;
const DEFAULT_DELIVERY: WebhookDelivery = { attempts: 8, firstRetryDelayMs: 500, timeoutMs: 5000 };

/** Card and SBP, charged in the order's own currency (UZS too, for development and demos), refundable. */
export const SANDBOX_CAPABILITIES: GatewayCapabilities = {
  methods: ['card', 'sbp'],
  currencies: ['usd', 'rub', 'uzs'],
  refunds: true,
  receiptEmailRequired: false,
};

/** The sandbox's ids derive from the store's idempotence keys (UUIDs), so a repeated call answers the same object. */
const sandboxPaymentId = (idempotenceKey: string) => `pay_${idempotenceKey.replaceAll('-', '')}`;
const sandboxRefundId = (idempotenceKey: string) => `re_sandbox_${idempotenceKey}`;

/** The sandbox decides each payment once, so its decision event has an id derived from the payment. */
export const sandboxEventId = (providerPaymentId: string) => `evt_${providerPaymentId}`;

interface StoredPayment extends PayPagePayment {
  status: string;
  /** The hold behind the payment has ended. */
  lapsed: boolean;
  /** The type of this payment's decision event, once the store has received it. */
  decided_as: GatewayEventType | null;
}

class FormError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request's address on this server: the API process that is serving it. */
function localWebhookUrl(ctx: AppContext): string {
  const socket = ctx.req.socket as typeof ctx.req.socket & { encrypted?: boolean };
  const address = socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `${socket.encrypted ? 'https' : 'http'}://${host}:${socket.localPort}/api/payment/webhook/${SANDBOX_PROVIDER}`;
}

/** Reads a small urlencoded form ourselves: the app's body parser only parses JSON. */
async function readForm(ctx: AppContext): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new FormError(415, 'Submit the payment form from the pay page.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new FormError(413, 'The form is too large.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The sandbox accepts any well-formed, unexpired card; resolves to why not, if not. */
function cardProblem(card: CardFields, now = new Date()): string | undefined {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return 'The card number is not valid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return 'Enter the expiry date as MM/YY.';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return 'The card has expired.';
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return 'The CVC is the 3 or 4 digits on the back of the card.';
  return undefined;
}

function outcomeOf(payment: StoredPayment): PaymentOutcome | undefined {
  if (payment.decided_as === 'payment.succeeded' || payment.status === 'paid' || payment.status === 'refunded') {
    return 'paid';
  }
  if (payment.decided_as === 'payment.declined' || payment.status === 'declined') return 'declined';
  if (payment.status === 'expired' || payment.lapsed) return 'expired';
  return undefined;
}

function parseEvent(rawBody: string): VerifiedGatewayEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookPayloadError('The webhook body is not JSON');
  }
  const event = body as Partial<SandboxWebhookBody> | null;
  const valid =
    typeof event === 'object' &&
    event !== null &&
    typeof event.event_id === 'string' &&
    /^[\w.:-]{1,200}$/.test(event.event_id) &&
    typeof event.type === 'string' &&
    (GATEWAY_EVENT_TYPES as readonly string[]).includes(event.type) &&
    typeof event.payment_id === 'string' &&
    event.payment_id.length > 0 &&
    event.payment_id.length <= 200 &&
    Number.isSafeInteger(event.amount) &&
    typeof event.currency === 'string' &&
    event.currency.length <= 10;
  if (!valid) throw new WebhookPayloadError('The webhook body is not a sandbox payment event');
  const parsed = event as SandboxWebhookBody;
  return {
    eventId: parsed.event_id,
    type: parsed.type,
    providerPaymentId: parsed.payment_id,
    amount: parsed.amount,
    currency: parsed.currency,
    payload: parsed as unknown as Record<string, unknown>,
  };
}

export function createSandboxGateway(deps: SandboxGatewayDeps): WebhookGateway {
  const { db, logger, webhookSecret } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const merchant = deps.merchantName ?? 'TopUp Arena';
  const delivery: WebhookDelivery = { ...DEFAULT_DELIVERY, ...deps.delivery };
  const webhookUrl = deps.webhookUrl ?? localWebhookUrl;

  async function findPayment(providerPaymentId: string): Promise<StoredPayment | undefined> {
    if (!PAYMENT_ID.test(providerPaymentId)) return undefined;
    const { rows } = await db.raw<{ rows: Array<Omit<StoredPayment, 'providerPaymentId'> & { order_id: number }> }>(
      `SELECT p.order_id, p.method, p.amount, p.currency, p.status, p.expires_at <= now() AS lapsed,
              (SELECT e.event_type FROM gateway_events e
                WHERE e.provider = p.provider AND e.provider_event_id = ?) AS decided_as
         FROM payments p
        WHERE p.provider = ? AND p.provider_payment_id = ? AND p.order_id IS NOT NULL`,
      [sandboxEventId(providerPaymentId), SANDBOX_PROVIDER, providerPaymentId],
    );
    const row = rows[0];
    return row && { ...row, orderId: row.order_id, providerPaymentId };
  }

  /** One delivery attempt: true once the store answered 2xx. Signed afresh, so retries stay in tolerance. */
  async function attempt(url: string, body: string, eventId: string, number: number): Promise<boolean> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signWebhook(webhookSecret, body) },
        body,
        signal: AbortSignal.timeout(delivery.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return true;
      logger.warn({ eventId, attempt: number, status: response.status }, 'Sandbox webhook refused');
    } catch (err) {
      logger.warn({ eventId, attempt: number, err: (err as Error).message }, 'Sandbox webhook not delivered');
    }
    return false;
  }

  /**
   * Delivers the event: the first attempt is awaited (so the shopper usually lands on an order that
   * knows the outcome), later ones run in the background with exponential back-off until the store
   * answers 2xx or the attempts run out.
   */
  async function deliver(url: string, event: SandboxWebhookBody): Promise<void> {
    const body = JSON.stringify(event);
    if (await attempt(url, body, event.event_id, 1)) return;
    const retry = (number: number) => {
      const timer = setTimeout(() => {
        void attempt(url, body, event.event_id, number).then((delivered) => {
          if (delivered) return;
          if (number < delivery.attempts) retry(number + 1);
          else logger.error({ eventId: event.event_id, attempts: number }, 'Sandbox webhook given up');
        });
      }, delivery.firstRetryDelayMs * 2 ** (number - 2));
      // A pending retry never keeps the process alive on shutdown.
      timer.unref();
    };
    if (delivery.attempts > 1) retry(2);
  }

  const renderPayPage = (payment: StoredPayment) =>
    payment.method === 'sbp' ? renderSbpForm(merchant, payment) : renderPayForm(merchant, payment);

  function html(ctx: AppContext, status: number, page: string): void {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page;
  }

  function routes(): Router<AppState> {
    const router = new Router<AppState>();

    router.get('/payment/sandbox/:paymentId', async (ctx) => {
      const payment = await findPayment(ctx.params.paymentId ?? '');
      if (!payment) {
        html(ctx, 404, renderProblem(merchant, 'Payment not found', 'This payment link is not valid.'));
        return;
      }
      const outcome = outcomeOf(payment);
      html(ctx, 200, outcome ? renderOutcome(merchant, payment, outcome) : renderPayPage(payment));
    });

    router.post('/payment/sandbox/:paymentId', async (ctx) => {
      const payment = await findPayment(ctx.params.paymentId ?? '');
      if (!payment) {
        html(ctx, 404, renderProblem(merchant, 'Payment not found', 'This payment link is not valid.'));
        return;
      }
      let form: URLSearchParams;
      try {
        form = await readForm(ctx);
      } catch (err) {
        if (!(err instanceof FormError)) throw err;
        html(ctx, err.status, renderProblem(merchant, 'Payment form not accepted', err.message));
        return;
      }
      const outcome = outcomeOf(payment);
      if (outcome) {
        html(ctx, 409, renderOutcome(merchant, payment, outcome));
        return;
      }
      const decision = form.get('decision');
      if (decision !== 'pay' && decision !== 'decline') {
        html(ctx, 400, payment.method === 'sbp' ? renderSbpForm(merchant, payment) : renderPayForm(merchant, payment, { error: 'Choose Pay or Decline.' }));
        return;
      }
      if (decision === 'pay' && payment.method === 'card') {
        const card: CardFields = {
          cardNumber: form.get('card_number') ?? '',
          expiry: form.get('expiry') ?? '',
          cvc: form.get('cvc') ?? '',
          cardholder: form.get('cardholder') ?? '',
        };
        const problem = cardProblem(card);
        if (problem) {
          html(ctx, 422, renderPayForm(merchant, payment, { fields: card, error: problem }));
          return;
        }
      }

      await deliver(webhookUrl(ctx), {
        event_id: sandboxEventId(payment.providerPaymentId),
        type: decision === 'pay' ? 'payment.succeeded' : 'payment.declined',
        payment_id: payment.providerPaymentId,
        amount: payment.amount,
        currency: payment.currency,
      });
      // The shopper goes back to the store, which shows the order as it stands.
      ctx.redirect(`/orders/${payment.orderId}`);
      ctx.status = 303;
    });

    return router;
  }

  return {
    name: SANDBOX_PROVIDER,
    capabilities: SANDBOX_CAPABILITIES,

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      const providerPaymentId = sandboxPaymentId(request.idempotenceKey);
      logger.debug({ paymentId: request.paymentId, providerPaymentId }, 'Sandbox payment created');
      return { providerPaymentId, payUrl: `${publicUrl}/api/payment/sandbox/${providerPaymentId}` };
    },

    readWebhook(rawBody: string | undefined, headers: IncomingHttpHeaders): WebhookMessage {
      verifyWebhookSignature(webhookSecret, rawBody, headers[SANDBOX_SIGNATURE_HEADER]);
      return { kind: 'event', event: parseEvent(rawBody ?? '') };
    },

    // The sandbox returns money at once; a retried refund is the same one.
    async refund(request: RefundRequest): Promise<GatewayRefundState> {
      logger.debug({ refundId: request.refundId, providerPaymentId: request.providerPaymentId }, 'Sandbox refund made');
      return { providerRefundId: sandboxRefundId(request.idempotenceKey), status: 'succeeded' };
    },

    async getRefund(providerRefundId: string): Promise<GatewayRefundState> {
      return { providerRefundId, status: 'succeeded' };
    },

    routes,
  };
}
