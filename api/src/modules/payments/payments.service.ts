import type { IncomingHttpHeaders } from 'node:http';
import type { Knex } from 'knex';
import { convertMinor, ErrorCode, formatMinor, fromMinor, hasAtMostTwoDecimals, toMinor, type OrderCurrency } from '@topup/common';
import type { CreatePaymentBody, PaymentGatewayOffer, PaymentMethods, PaymentStarted } from '@topup/common/api';
import { AppError, notFound, validationFailed } from '../../lib/app-error';
import { enqueueJob } from '../../lib/outbox';
import type { Logger } from '../../logger';
import {
  WebhookPayloadError,
  WebhookSignatureError,
  type CreatedPayment,
  type PaymentGateway,
  type PaymentGateways,
  type WebhookMessage,
} from '../../providers/payment';
import { cancelUnpaid, lockOrder } from '../orders/order-lifecycle';
import { recordOrderEvent } from '../orders/order-events';
import { orderPlacedUnder, placeCartOrder } from '../orders/order-placement';
import type { IdempotencyClaim } from '../../types';
import { ratesDal } from '../rates/rates.dal';
import type { TopupOrdersService } from '../topup/topup.service';
import { paymentsDal } from './payments.dal';
import { receiptLines } from './receipt-lines';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

export interface WebhookReceipt {
  /**
   * accepted: stored, or its read-back queued; duplicate: the event was stored before, nothing
   * changed; unknown-payment: a hint naming no payment of ours, ignored.
   */
  outcome: 'accepted' | 'duplicate' | 'unknown-payment';
  /** The gateway's event id, or the payment a hint names. */
  reference: string;
}

/** An order placed for a gateway payment: what it costs in its own currency and at what rate. */
interface PlacedForPayment {
  orderId: number;
  /** Minor units of the order currency. */
  total: number;
  rate: string;
}

/** The amount a gateway charges for an order: its own total, or that converted at the order's locked rate. */
function chargeOf(gateway: PaymentGateway, total: number, currency: OrderCurrency, rateUsdRub: string): { amount: number; currency: OrderCurrency } {
  const chargeCurrency = gateway.capabilities.chargeCurrency ?? currency;
  if (chargeCurrency === currency) return { amount: total, currency };
  // Only RUB-charging gateways exist; a RUB order through a USD-only gateway would divide instead.
  if (chargeCurrency !== 'rub' || currency !== 'usd') throw new Error(`Gateway ${gateway.name} charges in ${chargeCurrency}, which the store cannot convert to`);
  return { amount: convertMinor(total, rateUsdRub), currency: chargeCurrency };
}

/**
 * Gateway payments (card or SBP) for every kind of order. One transaction places the order as
 * 'pending' (the cart's codes or the top-up's PUBG codes held for the hold time) and writes the
 * payment; then the gateway is asked for a pay page. A gateway that fails here leaves nothing held:
 * the order is cancelled and the cart restored. The gateway's answer arrives as a webhook: a signed
 * event applied as it stands, or an unsigned hint that queues a read-back of the payment.
 */
export function createPaymentsService(deps: {
  db: Knex;
  gateways: PaymentGateways;
  topups: TopupOrdersService;
  logger: Logger;
  /** How long an unpaid card order holds its codes (config.cardHoldMinutes). */
  holdMinutes: number;
  /** The store's public address: the gateway sends the shopper back to the order's receipt there. */
  publicUrl: string;
  catalogueChanges: CatalogueChanges;
}) {
  const { db, gateways, topups, logger, catalogueChanges } = deps;
  const holdSeconds = Math.round(deps.holdMinutes * 60);
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  /** A payment the gateway refused to start: the order is cancelled, its codes and cart given back. */
  async function abandon(orderId: number): Promise<void> {
    await db.transaction(async (trx) => {
      await lockOrder(trx, orderId);
      await cancelUnpaid(trx, [orderId], { notice: { code: 'PAYMENT_NOT_STARTED', params: {} }, paymentStatus: 'declined' });
      await catalogueChanges.ofOrders(trx, [orderId]);
    });
  }

  /** The cart, priced from stock and checked against the total the shopper saw, as a pending order. */
  async function placeCart(
    trx: Knex.Transaction,
    userId: number,
    body: CreatePaymentBody,
    idempotencyKey: string | undefined,
  ): Promise<PlacedForPayment> {
    const { currency, method } = body;
    const amount = body.type === 'order' ? body.amount : 0;
    const placed = await placeCartOrder(trx, userId, currency, { method, holdSeconds }, idempotencyKey, body.promoCode);
    // The client sends list prices: the total before the promotions' and a promo code's discounts.
    // Thrown inside the transaction, so the order just placed is rolled back with it.
    const listTotal = placed.total + placed.discount + placed.promotionDiscount;
    if (toMinor(amount) !== listTotal) {
      throw new AppError(409, ErrorCode.PRICE_CHANGED, `The cart total is now ${formatMinor(listTotal, currency)}. Please review your cart.`, {
        amount: fromMinor(listTotal),
        currency,
      });
    }
    // The codes held: every process shows the new stock once this commits.
    catalogueChanges.products(trx, placed.productIds);
    return { orderId: placed.orderId, total: placed.total, rate: placed.rate };
  }

  /**
   * Places the order and its payment in one transaction (a top-up's account is checked with the game
   * before it); resolves to the order. A run of the same Idempotency-Key that placed one meanwhile
   * is answered with that order instead.
   */
  async function placeForPayment(gateway: PaymentGateway, userId: number, body: CreatePaymentBody, claim: IdempotencyClaim | undefined): Promise<number> {
    const prepared = body.type === 'topup' ? await topups.prepare({ topupData: body.topupData, currency: body.currency, promoCode: body.promoCode }) : undefined;
    return db.transaction(async (trx) => {
      const raced = await orderPlacedUnder(trx, userId, claim);
      if (raced) return raced.id;
      const order = prepared
        ? await topups.place(trx, userId, prepared, { method: body.method, holdSeconds }, claim?.key)
        : await placeCart(trx, userId, body, claim?.key);
      // A gateway charges no zero: an order the discounts make free is paid from the balance.
      if (order.total <= 0) {
        throw new AppError(409, ErrorCode.NOTHING_TO_CHARGE, 'With these discounts there is nothing to pay by card. Please pay from the balance.');
      }
      const charge = chargeOf(gateway, order.total, body.currency, order.rate);
      const paymentId = await paymentsDal.insertPayment(trx, {
        userId,
        orderId: order.orderId,
        provider: gateway.name,
        method: body.method,
        amount: charge.amount,
        currency: charge.currency,
        holdSeconds,
        receiptEmail: gateway.capabilities.receiptEmailRequired ? body.email : undefined,
      });
      await recordOrderEvent(trx, order.orderId, 'payment_created', {
        paymentId,
        provider: gateway.name,
        method: body.method,
        amount: charge.amount,
        currency: charge.currency,
      });
      return order.orderId;
    });
  }

  const gatewayUnavailable = (body: CreatePaymentBody) =>
    new AppError(
      503,
      ErrorCode.SERVICE_UNAVAILABLE,
      body.type === 'order'
        ? 'Card payment is unavailable right now. Your cart is kept; please try again later.'
        : 'Card payment is unavailable right now. Nothing was charged; please try again later.',
    );

  /** The gateway that takes the body's method for an order in its currency; 422 naming what is offered for that currency when none does. */
  function gatewayFor(body: CreatePaymentBody): PaymentGateway {
    if (body.type === 'order' && !hasAtMostTwoDecimals(body.amount)) {
      throw validationFailed('The request is not valid', [{ field: 'amount', message: 'must have at most 2 decimal places' }]);
    }
    const gateway = gateways.forPayment(body.method, body.currency);
    if (!gateway) {
      const methods = [...new Set(gateways.all.filter(({ capabilities }) => capabilities.currencies.includes(body.currency)).flatMap(({ capabilities }) => capabilities.methods))];
      throw new AppError(
        422,
        ErrorCode.UNPROCESSABLE,
        `Payment by ${body.method.toUpperCase()} in ${body.currency.toUpperCase()} is not available. Please choose another method.`,
        { methods, currency: body.currency },
      );
    }
    if (gateway.capabilities.receiptEmailRequired && !body.email) {
      throw validationFailed('The request is not valid', [{ field: 'email', message: 'is required: the receipt is sent there' }]);
    }
    return gateway;
  }

  /** What a gateway offers the checkout. */
  const offerOf = ({ name, capabilities }: PaymentGateway): PaymentGatewayOffer => ({
    provider: name,
    methods: [...capabilities.methods],
    currencies: [...capabilities.currencies],
    charge_currency: capabilities.chargeCurrency ?? null,
    receipt_email_required: capabilities.receiptEmailRequired,
    refunds_to_card: capabilities.refunds,
  });

  return {
    async methods(): Promise<PaymentMethods> {
      const offers = gateways.all.map(offerOf);
      const [first] = offers;
      if (!first) throw new Error('The store has no payment gateway');
      const [rateUsdRub, rateUsdUzs] = await Promise.all([ratesDal.rate(db, 'usd', 'rub'), ratesDal.rate(db, 'usd', 'uzs')]);
      return {
        methods: ['balance', ...new Set(offers.flatMap((offer) => offer.methods))],
        gateways: offers,
        provider: first.provider,
        charge_currency: first.charge_currency,
        rate_usd_rub: rateUsdRub ?? null,
        rate_usd_uzs: rateUsdUzs ?? null,
        receipt_email_required: first.receipt_email_required,
        refunds_to_card: first.refunds_to_card,
      };
    },

    /**
     * Starts a gateway payment for the whole cart or for one top-up. The order and its payment are
     * written in one transaction; the gateway is asked for its pay page after the commit, with the
     * payment's own idempotence key. A re-run of a request whose Idempotency-Key already placed the
     * order (its first answer lost in a crash) answers that order's pay page, asking the gateway for
     * it (the same key, so the same payment) if the first run died before it could.
     */
    async startPayment(userId: number, body: CreatePaymentBody, claim?: IdempotencyClaim): Promise<PaymentStarted> {
      const chosen = gatewayFor(body);
      const orderId = (await orderPlacedUnder(db, userId, claim))?.id ?? (await placeForPayment(chosen, userId, body, claim));
      const payment = await paymentsDal.paymentToStart(db, orderId);
      if (!payment) throw new Error(`Order ${orderId} has no gateway payment`);
      if (payment.pay_url) return { pay_url: payment.pay_url, orderId };
      const gateway = gateways.byName(payment.provider);
      // Cancelled before the gateway was asked (the first run gave up, or the hold ended): nothing to pay.
      if (payment.order_status !== 'pending' || !gateway) throw gatewayUnavailable(body);

      const charge = { amount: payment.amount, currency: payment.currency };
      let created: CreatedPayment;
      try {
        created = await gateway.createPayment({
          paymentId: payment.id,
          idempotenceKey: payment.idempotence_key,
          orderId,
          ...charge,
          description: payment.description,
          method: payment.method,
          returnUrl: `${publicUrl}/orders/${orderId}`,
          receipt:
            gateway.capabilities.receiptEmailRequired && body.email
              ? { email: body.email, lines: await receiptLines(db, orderId, charge, payment.rate_usd_rub) }
              : undefined,
        });
      } catch (err) {
        logger.error({ err, orderId, provider: gateway.name }, 'The gateway did not create the payment');
        await abandon(orderId);
        throw gatewayUnavailable(body);
      }
      await paymentsDal.attachGatewayPayment(db, payment.id, created.providerPaymentId, created.payUrl);
      logger.info({ orderId, paymentId: payment.id, provider: gateway.name, method: payment.method }, 'Gateway payment started');
      return { pay_url: created.payUrl, orderId };
    },

    /**
     * Takes a gateway webhook. A signed event is verified over the raw body, stored once by its event
     * id and its application queued in the same transaction. An unsigned hint is trusted for nothing
     * but which of our payments to read back: it queues that check, and every hint queues its own.
     */
    async receiveWebhook(provider: string, rawBody: string | undefined, headers: IncomingHttpHeaders): Promise<WebhookReceipt> {
      const gateway = gateways.byName(provider);
      if (!gateway?.readWebhook) throw notFound('Payment provider');
      let message: WebhookMessage;
      try {
        message = gateway.readWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          throw new AppError(401, ErrorCode.UNAUTHORIZED, 'The webhook signature is not valid', { reason: err.message });
        }
        if (err instanceof WebhookPayloadError) throw validationFailed(err.message);
        throw err;
      }

      if (message.kind === 'hint') {
        const payment = await paymentsDal.gatewayPayment(db, provider, message.providerPaymentId);
        // Answered like any other: the gateway re-delivers whatever is not a 200, for a day.
        if (payment === undefined) return { outcome: 'unknown-payment', reference: message.providerPaymentId };
        await db.transaction((trx) => enqueueJob(trx, 'payment-callback', 'check-payment', { paymentId: payment.id }));
        return { outcome: 'accepted', reference: message.providerPaymentId };
      }

      const { event } = message;
      return db.transaction(async (trx) => {
        const payment = await paymentsDal.gatewayPayment(trx, provider, event.providerPaymentId);
        // An event is deduplicated by what it says: one naming another sum than its payment's is kept
        // (and flagged when applied) under a key of its own, so it never stands in for the right one.
        const mismatch = payment !== undefined && (event.amount !== payment.amount || event.currency !== payment.currency);
        const gatewayEventId = await paymentsDal.insertGatewayEvent(trx, {
          provider,
          providerEventId: mismatch ? `${event.eventId}:mismatch:${event.amount}:${event.currency}` : event.eventId,
          paymentId: payment?.id ?? null,
          eventType: event.type,
          // The event as the store reads it, and the gateway's body as received.
          payload: { amount: event.amount, currency: event.currency, provider_payment_id: event.providerPaymentId, body: event.payload },
        });
        if (gatewayEventId === undefined) return { outcome: 'duplicate', reference: event.eventId };
        await enqueueJob(trx, 'payment-callback', 'apply-gateway-event', { gatewayEventId });
        return { outcome: 'accepted', reference: event.eventId };
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
