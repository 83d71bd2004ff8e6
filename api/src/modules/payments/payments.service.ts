import type { IncomingHttpHeaders } from 'node:http';
import type { Knex } from 'knex';
import { ErrorCode, formatMinor, fromMinor, hasAtMostTwoDecimals, toMinor } from '@topup/common';
import { AppError, notFound, validationFailed } from '../../lib/app-error';
import { enqueueJob } from '../../lib/outbox';
import type { Logger } from '../../logger';
import {
  WebhookPayloadError,
  WebhookSignatureError,
  type CreatedPayment,
  type PaymentGateways,
  type VerifiedGatewayEvent,
} from '../../providers/payment';
import { placeCodeOrder, takeCartStock } from '../checkout/checkout.service';
import { paymentsDal } from './payments.dal';
import type { CreatePaymentBody } from './payments.schemas';

export interface CardPaymentStarted {
  /** The gateway's hosted pay page to send the shopper's browser to. */
  pay_url: string;
  orderId: number;
}

export interface WebhookReceipt {
  /** The event was stored before: a re-delivery, nothing changed. */
  duplicate: boolean;
  event: VerifiedGatewayEvent;
}

export function createPaymentsService(deps: {
  db: Knex;
  gateways: PaymentGateways;
  logger: Logger;
  /** How long an unpaid card order holds its codes (config.cardHoldMinutes). */
  holdMinutes: number;
}) {
  const { db, gateways, logger } = deps;
  const holdSeconds = Math.round(deps.holdMinutes * 60);

  /** A payment the gateway refused to start: the order is cancelled, its codes and cart given back. */
  async function abandon(userId: number, orderId: number): Promise<void> {
    await db.transaction(async (trx) => {
      const order = await paymentsDal.lockOrder(trx, orderId);
      if (order?.status !== 'pending') return;
      await paymentsDal.restoreCart(trx, userId, orderId);
      await paymentsDal.cancelUnpaidOrders(trx, [orderId], {
        reason: 'The card payment could not be started',
        paymentStatus: 'declined',
      });
    });
  }

  return {
    /**
     * Starts a card payment for the whole cart. One transaction prices the cart from stock, checks
     * the shopper's amount against it, holds the codes, writes the pending order, its items and the
     * payment, and empties the cart; then the gateway is asked for a pay page. A gateway that fails
     * here leaves nothing held: the order is cancelled and the cart restored.
     */
    async startCardPayment(userId: number, body: CreatePaymentBody): Promise<CardPaymentStarted> {
      if (!hasAtMostTwoDecimals(body.amount)) {
        throw validationFailed('The request is not valid', [{ field: 'amount', message: 'must have at most 2 decimal places' }]);
      }
      const gateway = gateways.current;
      const { currency } = body;

      const placed = await db.transaction(async (trx) => {
        const stock = await takeCartStock(trx, userId, currency);
        const { total } = stock;
        if (toMinor(body.amount) !== total) {
          throw new AppError(
            409,
            ErrorCode.PRICE_CHANGED,
            `The cart total is now ${formatMinor(total, currency)}. Please review your cart.`,
            { amount: fromMinor(total), currency },
          );
        }
        const orderId = await placeCodeOrder(trx, { userId, currency, stock, paymentMethod: 'card', paid: false, holdSeconds });
        const paymentId = await paymentsDal.insertPayment(trx, {
          userId,
          orderId,
          provider: gateway.name,
          amount: total,
          currency,
          holdSeconds,
        });
        return { orderId, paymentId, total };
      });

      let created: CreatedPayment;
      try {
        created = await gateway.createPayment({
          paymentId: placed.paymentId,
          orderId: placed.orderId,
          amount: placed.total,
          currency,
          description: `Order #${placed.orderId}`,
        });
      } catch (err) {
        logger.error({ err, orderId: placed.orderId, provider: gateway.name }, 'The gateway did not create the payment');
        await abandon(userId, placed.orderId);
        throw new AppError(
          503,
          ErrorCode.SERVICE_UNAVAILABLE,
          'Card payment is unavailable right now. Your cart is kept; please try again later.',
        );
      }
      await paymentsDal.attachGatewayPayment(db, placed.paymentId, created.providerPaymentId, created.payUrl);
      logger.info({ orderId: placed.orderId, paymentId: placed.paymentId, provider: gateway.name }, 'Card payment started');
      return { pay_url: created.payUrl, orderId: placed.orderId };
    },

    /**
     * Takes a gateway webhook: verifies it over the raw body, stores it once by its event id and
     * queues its application in the same transaction. A re-delivery changes nothing.
     */
    async receiveWebhook(provider: string, rawBody: string | undefined, headers: IncomingHttpHeaders): Promise<WebhookReceipt> {
      const gateway = gateways.byName(provider);
      if (!gateway) throw notFound('Payment provider');
      let event: VerifiedGatewayEvent;
      try {
        event = gateway.verifyWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          throw new AppError(401, ErrorCode.UNAUTHORIZED, 'The webhook signature is not valid', { reason: err.message });
        }
        if (err instanceof WebhookPayloadError) throw validationFailed(err.message);
        throw err;
      }

      return db.transaction(async (trx) => {
        const paymentId = await paymentsDal.paymentIdOf(trx, provider, event.providerPaymentId);
        const gatewayEventId = await paymentsDal.insertGatewayEvent(trx, {
          provider,
          providerEventId: event.eventId,
          paymentId: paymentId ?? null,
          eventType: event.type,
          // The event as the store reads it, and the gateway's body as received.
          payload: { amount: event.amount, currency: event.currency, provider_payment_id: event.providerPaymentId, body: event.payload },
        });
        if (gatewayEventId === undefined) return { duplicate: true, event };
        await enqueueJob(trx, 'payment-callback', 'apply-gateway-event', { gatewayEventId });
        return { duplicate: false, event };
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
