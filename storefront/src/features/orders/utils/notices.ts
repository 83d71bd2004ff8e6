import type { TFunction } from 'i18next';
import { TOPUP_SERVICES, type TopupService } from '@topup/common';
import type { OrderNotice } from '@topup/common/api';
import type { Format } from '../../../lib/format';

const isSpecificationGame = (game: string): game is TopupService => (TOPUP_SERVICES as readonly string[]).includes(game);

/**
 * What the store tells the shopper about an order (codes with parameters from the API), as sentences
 * in the interface language with money in its format. The specification's three games are named in the
 * interface's words; any other by `gameTitle`, the title its order carries (`topup_data.game_title`).
 */
export function noticeText(notice: OrderNotice, t: TFunction, format: Format, gameTitle = ''): string {
  const money = (refund: { amount: number; currency: string }) => format.money(refund.amount, refund.currency);
  switch (notice.code) {
    case 'TOPUP_DECLINED':
    case 'TOPUP_PLAYER_NOT_FOUND':
    case 'PUBG_OUT_OF_CODES': {
      const { game, account, refund, refundTo, deliveredUc } = notice.params;
      const name = isSpecificationGame(game) ? t(`orders.services.${game}`) : gameTitle || game;
      // Codes run out of a PUBG order's UC packages, or of another game's denomination.
      const code = notice.code === 'PUBG_OUT_OF_CODES' && game !== 'pubg' ? 'OUT_OF_CODES' : notice.code;
      const cause = t(`order_notices.${code}`, {
        game: name,
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
export const noticesText = (notices: readonly OrderNotice[], t: TFunction, format: Format, gameTitle = ''): string =>
  notices.map((notice) => noticeText(notice, t, format, gameTitle)).join(' ');
