import type { Config } from '../../config';
import type { CreatedPayment, CreatePaymentRequest, PaymentGateway } from './payment-gateway';

export const PAYME_PROVIDER = 'payme';

/**
 * The shopper's way to Payme's checkout (developer.help.paycom.uz, "Отправка чека по методу GET"):
 * `<checkout>/<base64 of m=<merchant id>;ac.order_id=<order>;a=<amount in tiyin>;c=<return URL>>`.
 * The account field is `order_id`, as the cash desk is set up; Payme then calls the store's Merchant
 * API with it (api/src/modules/payme).
 */
export function paymeCheckoutUrl(settings: Pick<Config['payme'], 'merchantId' | 'checkoutUrl'>, order: { orderId: number; amount: number; returnUrl: string }): string {
  const params = [`m=${settings.merchantId}`, `ac.order_id=${order.orderId}`, `a=${order.amount}`, `c=${order.returnUrl}`].join(';');
  return `${settings.checkoutUrl.replace(/\/+$/, '')}/${Buffer.from(params, 'utf8').toString('base64')}`;
}

/**
 * Payme (Paycom) through its Merchant API (docs/architecture.md, "Payme"): orders in UZS only, charged
 * in tiyin. Creating a payment only builds the checkout link; Payme itself then calls the store's
 * JSON-RPC endpoint (CheckPerformTransaction ... PerformTransaction), which applies the payment. Payme
 * has no refund call for the merchant: it returns money from its cabinet and tells the store with
 * CancelTransaction, so a refund the store starts goes to the balance.
 */
export function createPaymeGateway(settings: Config['payme']): PaymentGateway {
  return {
    name: PAYME_PROVIDER,
    capabilities: { methods: ['payme'], currencies: ['uzs'], refunds: false, receiptEmailRequired: false },

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      if (request.currency !== 'uzs') throw new Error(`Payme charges in UZS only, not ${request.currency}`);
      return {
        // Payme names its transaction only when it calls CreateTransaction; until then the order stands for it.
        providerPaymentId: `order:${request.orderId}`,
        payUrl: paymeCheckoutUrl(settings, { orderId: request.orderId, amount: request.amount, returnUrl: request.returnUrl }),
      };
    },
  };
}
