import { fromMinor } from '@topup/common';
import type { OrderNotice } from '@topup/common/api';
import { formatMoney } from '../lib/money';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One notice the store gave the shopper, in the interface language (messages in i18n/orderNotices). */
export function noticeText(notice: OrderNotice, translate: Translate): string {
  const money = (refund: { amount: number; currency: string }) => formatMoney(refund.amount, refund.currency);
  switch (notice.code) {
    case 'TOPUP_DECLINED':
    case 'TOPUP_PLAYER_NOT_FOUND':
    case 'PUBG_OUT_OF_CODES': {
      const { game, account, refund, refundTo, deliveredUc } = notice.params;
      const cause = translate(`order_notices.${notice.code}`, {
        game: translate(`order_notices.games.${game}`),
        account: translate(`order_notices.account.${game === 'steam' ? 'steam' : 'player'}`, { account }),
      });
      const delivered = deliveredUc > 0 ? translate('order_notices.delivered_uc', { amount: deliveredUc }) : '';
      const refunded = refund.amount > 0 ? translate(`order_notices.${deliveredUc > 0 ? 'refund_rest' : 'refund'}.${refundTo}`, { amount: money(refund) }) : '';
      return [cause, delivered, refunded].filter(Boolean).join(' ');
    }
    case 'STORE_STOPPED_DELIVERY':
    case 'CARD_REFUND_TO_BALANCE':
    case 'LATE_PAYMENT_REFUNDED':
      return translate(`order_notices.${notice.code}`, { amount: money(notice.params.refund) });
    case 'STORE_REFUNDED':
      return translate(`order_notices.STORE_REFUNDED.${notice.params.refundTo}`, { amount: money(notice.params.refund) });
    case 'STORE_NOTE':
      return translate('order_notices.STORE_NOTE', { text: notice.params.text });
    case 'MESSAGE':
      return notice.params.text;
    default:
      return translate(`order_notices.${notice.code}`);
  }
}

/**
 * An order's notices as one paragraph. Timeline events record them with money in minor units, the
 * order itself in decimals: `minorUnits` says which.
 */
export function noticesText(notices: readonly OrderNotice[], translate: Translate, { minorUnits = false } = {}): string {
  return notices
    .map((notice) =>
      minorUnits && 'refund' in notice.params
        ? ({ ...notice, params: { ...notice.params, refund: { ...notice.params.refund, amount: fromMinor(notice.params.refund.amount) } } } as OrderNotice)
        : notice,
    )
    .map((notice) => noticeText(notice, translate))
    .join(' ');
}
