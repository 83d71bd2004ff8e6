import type { IncomingHttpHeaders } from 'node:http';
import type Router from '@koa/router';
import type { BalanceCurrency } from '@topup/common';
import type { AppState } from '../../types';

/** What the store asks a gateway to collect: one payment for one order. Amounts in minor units. */
export interface CreatePaymentRequest {
  /** The store's payments.id. */
  paymentId: number;
  orderId: number;
  amount: number;
  currency: BalanceCurrency;
  /** Shown on the pay page, e.g. "Order #42". */
  description: string;
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
 * A card payment gateway with a hosted pay page. The store only ever talks to gateways through
 * this interface; each implementation (the sandbox, a real adapter) lives in its own file.
 */
export interface PaymentGateway {
  /** The provider name: payments.provider and the `:provider` of the webhook path. */
  readonly name: string;
  /** Registers the payment with the gateway; the shopper then pays on `payUrl`. */
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /**
   * Checks a webhook's signature over the raw body exactly as received, then parses it.
   * Throws WebhookSignatureError or WebhookPayloadError.
   */
  verifyWebhook(rawBody: string | undefined, headers: IncomingHttpHeaders): VerifiedGatewayEvent;
  /** Routes the gateway serves itself, mounted under /api (only the sandbox has any). */
  routes?(): Router<AppState>;
}
