import type { IncomingHttpHeaders } from 'node:http';
import type Router from '@koa/router';
import type { BalanceCurrency, OrderCurrency } from '@topup/common';
import type { AppState } from '../../types';

import { GATEWAY_METHODS } from '@topup/common/api';

/** How a shopper pays through a gateway: the methods the API names (common/src/api/orders.ts). */
export { GATEWAY_METHODS };
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];

/** One line of a fiscal receipt (54-FZ), in the payment's currency; the lines add up to the payment's amount. */
export interface ReceiptLine {
  description: string;
  quantity: number;
  /** Minor units: the price of one unit. */
  unitAmount: number;
}

/** What the store asks a gateway to collect: one payment for one order. Amounts in minor units. */
export interface CreatePaymentRequest {
  /** The store's payments.id, kept in the gateway's metadata. */
  paymentId: number;
  /** payments.idempotence_key, a UUID: the gateway answers a repeated create with the payment already made. */
  idempotenceKey: string;
  orderId: number;
  amount: number;
  currency: OrderCurrency;
  /** Shown on the pay page, e.g. "Order #42". */
  description: string;
  method: GatewayMethod;
  /** Where the shopper's browser comes back to after paying (the order's receipt). */
  returnUrl: string;
  /** A fiscal receipt to send with the payment, when the shop sends them. */
  receipt?: { email: string; lines: ReceiptLine[] };
}

/** What a gateway can do, for the checkout and the back office. */
export interface GatewayCapabilities {
  methods: readonly GatewayMethod[];
  /** The one currency the gateway charges in (an order in another is charged its converted total); none: the order's own. */
  chargeCurrency?: BalanceCurrency;
  /** The order currencies it takes (an order in another is never sent to it). */
  currencies: readonly OrderCurrency[];
  /** Money can be returned to the card it came from. */
  refunds: boolean;
  /** Each payment carries a fiscal receipt, so the checkout asks for the customer's email. */
  receiptEmailRequired: boolean;
  /** A payment the gateway made in its test mode (test cards, no money) is never applied: production. */
  refusesTestPayments?: boolean;
}

/** A payment as the gateway itself reports it when asked: the only answer an unsigned gateway is trusted for. */
export interface GatewayPaymentState {
  providerPaymentId: string;
  /** waiting_for_capture: paid in two stages, the money held until the store captures or cancels it. */
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  /** Minor units. */
  amount: number;
  currency: string;
  /** The store's payments.id and order id the payment was created with (its metadata). */
  paymentId?: number;
  orderId?: number;
  /** Why a canceled payment was canceled, in the gateway's own word (YooKassa's cancellation_details.reason). */
  cancellationReason?: string;
  /** Made in the gateway's test mode: no money moved. */
  test: boolean;
}

/** The store's decision on a payment held for capture, sent with the key stored on the payment's row. */
export interface CaptureDecision {
  providerPaymentId: string;
  idempotenceKey: string;
  /** Minor units: the whole held amount (a capture), in the payment's currency. */
  amount: number;
  currency: OrderCurrency;
}

export interface RefundRequest {
  /** The store's payment_refunds.id. */
  refundId: number;
  /** payment_refunds.idempotence_key, a UUID: the gateway answers a repeated refund with the refund already made. */
  idempotenceKey: string;
  providerPaymentId: string;
  /** Minor units of the payment's currency: all of it or a part. */
  amount: number;
  currency: OrderCurrency;
  description: string;
  /** The fiscal receipt of what a partial refund gives back (a full refund reuses the payment's). */
  receipt?: { email: string; lines: ReceiptLine[] };
}

export interface GatewayRefundState {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'canceled';
}

export interface CreatedPayment {
  /** The gateway's id of the payment (payments.provider_payment_id). */
  providerPaymentId: string;
  /** Absolute address of the hosted pay page the shopper's browser is sent to. */
  payUrl: string;
}

export const GATEWAY_EVENT_TYPES = ['payment.succeeded', 'payment.declined'] as const;
export type GatewayEventType = (typeof GATEWAY_EVENT_TYPES)[number];

/** A webhook whose signature checked out, in the store's terms. */
export interface VerifiedGatewayEvent {
  /** The gateway's event id: a re-delivery carries the same one. */
  eventId: string;
  type: GatewayEventType;
  providerPaymentId: string;
  /** Minor units, as the gateway reports them; never trusted to match until compared. */
  amount: number;
  currency: string;
  /** The parsed body, kept as received. */
  payload: Record<string, unknown>;
}

/** A webhook that is not provably from the gateway (missing, malformed, stale or wrong signature). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** A correctly signed webhook whose body the store cannot read as an event. */
export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
}

/**
 * What a webhook tells the store: a signed event it can apply as it stands, or (from a gateway that
 * does not sign its notifications) only a hint that a payment changed, to be read back from the gateway.
 */
export type WebhookMessage = { kind: 'event'; event: VerifiedGatewayEvent } | { kind: 'hint'; providerPaymentId: string };

/** The gateway answered with an error that retrying the same request will not fix (bad request, auth, forbidden). */
export class GatewayRequestError extends Error {
  override name = 'GatewayRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The gateway turned a call away as one too many (429): nothing was done; worth trying later, not at once. */
export class GatewayRateLimitedError extends Error {
  override name = 'GatewayRateLimitedError';
}

/**
 * A card payment gateway with a hosted pay page. The store only ever talks to gateways through
 * this interface; each implementation (the sandbox, a real adapter) lives in its own file. Network
 * failures and 5xx answers throw a plain Error (worth retrying); definite refusals GatewayRequestError.
 */
export interface PaymentGateway {
  /** The provider name: payments.provider and the `:provider` of the webhook path. */
  readonly name: string;
  readonly capabilities: GatewayCapabilities;
  /** Registers the payment with the gateway; the shopper then pays on `payUrl`. Idempotent by idempotenceKey. */
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /**
   * Reads a webhook: checks a signed one over the raw body exactly as received, or parses an unsigned
   * one into a hint. Throws WebhookSignatureError or WebhookPayloadError. Absent: the gateway calls an
   * API of the store's instead (Payme's Merchant API).
   */
  readWebhook?(rawBody: string | undefined, headers: IncomingHttpHeaders): WebhookMessage;
  /**
   * Whether a notification may come from this client address, for gateways that publish the addresses
   * they notify from; absent: from anywhere (the webhook's signature is the proof).
   */
  acceptsNotificationFrom?(address: string): boolean;
  /** Reads a payment back from the gateway (required of gateways whose webhooks are hints). */
  getPayment?(providerPaymentId: string): Promise<GatewayPaymentState>;
  /** Takes the money of a payment held for capture (two-stage payments). Idempotent by key. */
  capturePayment?(decision: CaptureDecision): Promise<GatewayPaymentState>;
  /** Releases the money of a payment held for capture: nothing is charged. Idempotent by key. */
  cancelPayment?(decision: Pick<CaptureDecision, 'providerPaymentId' | 'idempotenceKey'>): Promise<GatewayPaymentState>;
  /** Returns money to the card (when capabilities.refunds). Idempotent by idempotenceKey. */
  refund?(request: RefundRequest): Promise<GatewayRefundState>;
  /** Reads a refund back from the gateway, to settle one that was still pending. */
  getRefund?(providerRefundId: string): Promise<GatewayRefundState>;
  /** Routes the gateway serves itself, mounted under /api (only the sandbox has any). */
  routes?(): Router<AppState>;
}

/** A gateway that notifies the store by webhook (the sandbox, YooKassa). */
export type WebhookGateway = PaymentGateway & Required<Pick<PaymentGateway, 'readWebhook'>>;
