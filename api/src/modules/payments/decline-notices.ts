import type { OrderNotice } from '@topup/common/api';
import type { GatewayMethod } from '../../providers/payment';

type DeclineNoticeCode =
  | 'CARD_DECLINED'
  | 'SBP_DECLINED'
  | 'PAYME_DECLINED'
  | 'CLICK_DECLINED'
  | 'PAYMENT_3DS_FAILED'
  | 'PAYMENT_INSUFFICIENT_FUNDS'
  | 'PAYMENT_CARD_DETAILS_WRONG'
  | 'PAYMENT_LIMIT_EXCEEDED'
  | 'PAYMENT_REFUSED_BY_BANK'
  | 'PAYMENT_EXPIRED'
  | 'CANCELLED_BY_STORE';

/**
 * Why a gateway cancelled a payment, as the shopper is told it: YooKassa's
 * `cancellation_details.reason` (yookassa.ru/developers/payments/declined-payments) grouped into
 * the few notices a shopper can act on. A reason not listed here (or none, as from the sandbox) is
 * the method's plain "declined".
 */
const NOTICE_OF_REASON: Readonly<Record<string, DeclineNoticeCode>> = {
  '3d_secure_failed': 'PAYMENT_3DS_FAILED',
  insufficient_funds: 'PAYMENT_INSUFFICIENT_FUNDS',
  card_expired: 'PAYMENT_CARD_DETAILS_WRONG',
  invalid_card_number: 'PAYMENT_CARD_DETAILS_WRONG',
  invalid_csc: 'PAYMENT_CARD_DETAILS_WRONG',
  payment_method_limit_exceeded: 'PAYMENT_LIMIT_EXCEEDED',
  // A YooMoney wallet over the limit of an unidentified wallet.
  identification_required: 'PAYMENT_LIMIT_EXCEEDED',
  call_issuer: 'PAYMENT_REFUSED_BY_BANK',
  payment_method_restricted: 'PAYMENT_REFUSED_BY_BANK',
  expired_on_confirmation: 'PAYMENT_EXPIRED',
  expired_on_capture: 'PAYMENT_EXPIRED',
  canceled_by_merchant: 'CANCELLED_BY_STORE',
};

/** Declined without a reason the shopper can act on (fraud suspected, a bank or network fault ...). */
const PLAIN_DECLINE: Readonly<Record<GatewayMethod, DeclineNoticeCode>> = {
  card: 'CARD_DECLINED',
  sbp: 'SBP_DECLINED',
  payme: 'PAYME_DECLINED',
  click: 'CLICK_DECLINED',
};

/** The notice of a payment the gateway cancelled, paid by `method`, for `reason` (the gateway's own word). */
export function declineNotice(method: GatewayMethod, reason: string | undefined): OrderNotice {
  const code = (reason !== undefined && Object.hasOwn(NOTICE_OF_REASON, reason) ? NOTICE_OF_REASON[reason] : undefined) ?? PLAIN_DECLINE[method];
  return { code, params: {} };
}
