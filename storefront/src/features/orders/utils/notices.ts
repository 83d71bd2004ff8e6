import type { TFunction } from 'i18next';
import type { OrderNotice, TopupGame } from '@topup/common/api';
import type { Format } from '../../../lib/format';

/**
 * What the store tells the shopper about an order (codes with parameters from the API), as sentences
 * in the interface language with money in its format.
 */
export function noticeText(notice: OrderNotice, t: TFunction, format: Format): string {
  const money = (refund: { amount: number; currency: string }) => format.money(refund.amount, refund.currency);
  switch (notice.code) {
    case 'TOPUP_DECLINED':
    case 'TOPUP_PLAYER_NOT_FOUND':
    case 'PUBG_OUT_OF_CODES': {
      const { game, account, refund, refundTo, deliveredUc } = notice.params;
      const cause = t(`order_notices.${notice.code}`, {
        game: t(`orders.services.${game as TopupGame}`),
        account: t(`order_notices.account.${game === 'steam' ? 'steam' : 'player'}`, { account }),
      });
      const delivered = deliveredUc > 0 ? t('order_notices.delivered_uc', { amount: format.number(deliveredUc) }) : '';
      const refunded = refund.amount > 0 ? t(`order_notices.${deliveredUc > 0 ? 'refund_rest' : 'refund'}.${refundTo}`, { amount: money(refund) }) : '';
      return [cause, delivered, refunded].filter(Boolean).join(' ');
    }
    case 'STORE_STOPPED_DELIVERY':
    case 'CARD_REFUND_TO_BALANCE':
    case 'LATE_PAYMENT_REFUNDED':
      return t(`order_notices.${notice.code}`, { amount: money(notice.params.refund) });
    case 'STORE_REFUNDED':
      return t(`order_notices.STORE_REFUNDED.${notice.params.refundTo}`, { amount: money(notice.params.refund) });
    case 'STORE_NOTE':
      return t('order_notices.STORE_NOTE', { text: notice.params.text });
    case 'MESSAGE':
      return notice.params.text;
    default:
      return t(`order_notices.${notice.code}`);
  }
}

/** All of an order's notices, oldest first, as one paragraph. */
export const noticesText = (notices: readonly OrderNotice[], t: TFunction, format: Format): string =>
  notices.map((notice) => noticeText(notice, t, format)).join(' ');
