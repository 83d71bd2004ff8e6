/**
 * What an order tells its shopper (the API's notice codes, @topup/common/api OrderNotice), as the back
 * office reads it: on the order page and the reasons of its timeline.
 */
export const orderNoticesEnglishMessages = {
  order_notices: {
    games: { pubg: 'PUBG Mobile', freefire: 'Free Fire', steam: 'Steam' },
    account: { player: 'player ID %{account}', steam: 'Steam login %{account}' },
    TOPUP_DECLINED: '%{game} declined the top-up of %{account}.',
    TOPUP_PLAYER_NOT_FOUND: '%{game} could not find %{account}.',
    PUBG_OUT_OF_CODES: 'The store ran out of UC codes for the packages.',
    delivered_uc: '%{amount} UC were delivered.',
    refund: { balance: '%{amount} refunded to the balance.', card: '%{amount} being refunded to the card.' },
    refund_rest: { balance: 'For the rest, %{amount} refunded to the balance.', card: 'For the rest, %{amount} being refunded to the card.' },
    CARD_DECLINED: 'The card payment was declined.',
    PAYMENT_NOT_STARTED: 'The card payment could not be started.',
    PAYMENT_EXPIRED: 'The payment was not received in time.',
    LATE_PAYMENT_CREDITED: 'The payment arrived after the order had expired; the amount was credited to the balance.',
    LATE_PAYMENT_REFUNDED: 'The payment arrived after the order had expired; %{amount} is being returned the way it was paid.',
    LATE_PAYMENT_CANCELLED: 'The payment arrived after the order had expired; it was cancelled and nothing was charged.',
    CANCELLED_BY_STORE: 'Cancelled by the store.',
    STORE_STOPPED_DELIVERY: 'The store stopped the delivery and refunded %{amount} to the balance.',
    STORE_REFUNDED: { balance: 'The store refunded %{amount} to the balance.', card: 'The store is refunding %{amount} to the card.' },
    CARD_REFUND_TO_BALANCE: 'The refund to the card could not be made: %{amount} was credited to the balance instead.',
    STORE_NOTE: 'Note to the shopper: %{text}',
  },
};

export const orderNoticesRussianMessages = {
  order_notices: {
    games: { pubg: 'PUBG Mobile', freefire: 'Free Fire', steam: 'Steam' },
    account: { player: 'ID игрока %{account}', steam: 'логин Steam %{account}' },
    TOPUP_DECLINED: '%{game} отклонил пополнение: %{account}.',
    TOPUP_PLAYER_NOT_FOUND: '%{game} не нашёл аккаунт: %{account}.',
    PUBG_OUT_OF_CODES: 'В магазине закончились коды UC для пакетов.',
    delivered_uc: 'Доставлено %{amount} UC.',
    refund: { balance: '%{amount} возвращено на баланс.', card: '%{amount} возвращается на карту.' },
    refund_rest: { balance: 'За остальное %{amount} возвращено на баланс.', card: 'За остальное %{amount} возвращается на карту.' },
    CARD_DECLINED: 'Оплата картой отклонена.',
    PAYMENT_NOT_STARTED: 'Не удалось начать оплату картой.',
    PAYMENT_EXPIRED: 'Оплата не поступила вовремя.',
    LATE_PAYMENT_CREDITED: 'Оплата пришла после истечения заказа; сумма зачислена на баланс.',
    LATE_PAYMENT_REFUNDED: 'Оплата пришла после истечения заказа; %{amount} возвращается тем же способом, которым оплачено.',
    LATE_PAYMENT_CANCELLED: 'Оплата пришла после истечения заказа; платёж отменён, деньги не списаны.',
    CANCELLED_BY_STORE: 'Отменён магазином.',
    STORE_STOPPED_DELIVERY: 'Магазин остановил выполнение и вернул %{amount} на баланс.',
    STORE_REFUNDED: { balance: 'Магазин вернул %{amount} на баланс.', card: 'Магазин возвращает %{amount} на карту.' },
    CARD_REFUND_TO_BALANCE: 'Вернуть на карту не удалось: %{amount} зачислено на баланс.',
    STORE_NOTE: 'Комментарий для покупателя: %{text}',
  },
};
