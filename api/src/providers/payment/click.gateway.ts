import type { Config } from '../../config';
import type { CreatedPayment, CreatePaymentRequest, PaymentGateway } from './payment-gateway';

export const CLICK_PROVIDER = 'click';

/** Tiyin as the sums Click reads and sends ("12650.00"): a decimal with two places. */
export function clickSums(tiyin: number): string {
  return `${Math.trunc(tiyin / 100)}.${String(tiyin % 100).padStart(2, '0')}`;
}

/**
 * The shopper's way to Click's payment page (docs.click.uz/en/click-button):
 * `<page>?service_id=…&merchant_id=…&amount=<sums>&transaction_param=<order>&return_url=…`, with
 * merchant_user_id when the service has one. Click then calls the store's SHOP API with the order as
 * merchant_trans_id (api/src/modules/click).
 */
export function clickCheckoutUrl(
  settings: Pick<Config['click'], 'serviceId' | 'merchantId' | 'merchantUserId' | 'checkoutUrl'>,
  order: { orderId: number; amount: number; returnUrl: string },
): string {
  const url = new URL(settings.checkoutUrl);
  url.searchParams.set('service_id', settings.serviceId);
  url.searchParams.set('merchant_id', settings.merchantId);
  if (settings.merchantUserId) url.searchParams.set('merchant_user_id', settings.merchantUserId);
  url.searchParams.set('amount', clickSums(order.amount));
  url.searchParams.set('transaction_param', String(order.orderId));
  url.searchParams.set('return_url', order.returnUrl);
  return url.toString();
}

/**
 * Click through its SHOP API (docs/architecture.md, "Click"): orders in UZS only, charged in sums.
 * Creating a payment only builds the payment page's link; Click itself then calls the store's Prepare
 * and Complete, which apply the payment. The SHOP API has no refund the merchant can call, so a
 * refund the store starts goes to the balance, as Payme's do.
 */
export function createClickGateway(settings: Config['click']): PaymentGateway {
  return {
    name: CLICK_PROVIDER,
    capabilities: { methods: ['click'], currencies: ['uzs'], refunds: false, receiptEmailRequired: false },

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      if (request.currency !== 'uzs') throw new Error(`Click charges in UZS only, not ${request.currency}`);
      return {
        // Click names its payment only when it calls Prepare; until then the order stands for it.
        providerPaymentId: `order:${request.orderId}`,
        payUrl: clickCheckoutUrl(settings, { orderId: request.orderId, amount: request.amount, returnUrl: request.returnUrl }),
      };
    },
  };
}
