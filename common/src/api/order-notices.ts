import Type, { type Static } from 'typebox';
import { ORDER_CURRENCIES } from '../money';
import { StringEnum } from './contract';

/*
 * What the store tells a shopper about an order it could not (fully) deliver, or a refund it had to
 * send elsewhere: a code with parameters, never prose, so each app writes it in its reader's language
 * and money format. An order keeps its notices in the order they happened.
 */

/** An amount of money in a notice: a decimal in `currency` (minor units in the database). */
export const NoticeMoney = Type.Object({ amount: Type.Number(), currency: StringEnum(ORDER_CURRENCIES) });
export type NoticeMoney = Static<typeof NoticeMoney>;

/** The specification's three games, which the web apps name in their own words. */
export const TOPUP_GAMES = ['pubg', 'freefire', 'steam'] as const;
export type TopupGame = (typeof TOPUP_GAMES)[number];

/** Where refunded money went: the shopper's balance, or back to the card the order was paid with. */
const RefundTo = StringEnum(['balance', 'card']);

/** A top-up the game refused, or that ran out of codes: what went back, and what was delivered before. */
const topupParams = Type.Object({
  game: Type.String({
    description: "The game's slug: one of TOPUP_GAMES, which the web apps name; any other game is named by its order item's `topup_data.game_title`.",
  }),
  /** The account the top-up was for: the player id, or the login (Steam). */
  account: Type.String(),
  refund: NoticeMoney,
  refundTo: RefundTo,
  /** UC (or the denomination's units) already delivered when an order delivered from codes stopped part-way (0 otherwise). */
  deliveredUc: Type.Integer({ minimum: 0 }),
});

const notice = <Code extends string, Params extends Parameters<typeof Type.Object>[0]>(code: Code, params: Params, description: string) =>
  Type.Object({ code: Type.Literal(code), params: Type.Object(params) }, { description });

export const OrderNotice = Type.Union(
  [
    notice('TOPUP_DECLINED', topupParams.properties, 'The game declined the top-up for this account; `refund` went back to `refundTo`.'),
    notice('TOPUP_PLAYER_NOT_FOUND', topupParams.properties, 'The game could not find this account; `refund` went back to `refundTo`.'),
    notice('PUBG_OUT_OF_CODES', topupParams.properties, 'The store ran out of UC codes for the packages; `refund` went back to `refundTo`.'),
    notice('CARD_DECLINED', {}, 'The card payment was declined (no more precise reason the shopper can act on).'),
    notice('SBP_DECLINED', {}, 'The SBP payment was cancelled (no more precise reason the shopper can act on).'),
    notice('PAYME_DECLINED', {}, 'The Payme payment was cancelled before it was made.'),
    notice('CLICK_DECLINED', {}, 'The Click payment was cancelled before it was made.'),
    notice('PAYMENT_3DS_FAILED', {}, 'The card payment was not confirmed with 3-D Secure.'),
    notice('PAYMENT_INSUFFICIENT_FUNDS', {}, 'There was not enough money on the card or account.'),
    notice('PAYMENT_CARD_DETAILS_WRONG', {}, 'The card number or security code was wrong, or the card has expired.'),
    notice('PAYMENT_LIMIT_EXCEEDED', {}, 'The payment went over a limit of the card or account.'),
    notice('PAYMENT_REFUSED_BY_BANK', {}, 'The bank refused the payment or blocked the card or account; the shopper should ask the bank.'),
    notice('PAYMENT_NOT_STARTED', {}, 'The card or SBP payment could not be started (nothing was charged).'),
    notice('PAYMENT_EXPIRED', {}, 'The payment was not received in time (not confirmed before the gateway or the hold gave up).'),
    notice('LATE_PAYMENT_CREDITED', {}, 'The payment arrived after the order had expired; the amount was credited to the balance.'),
    notice('LATE_PAYMENT_REFUNDED', { refund: NoticeMoney }, 'The payment arrived after the order had expired; `refund` goes back the way it was paid.'),
    notice('LATE_PAYMENT_CANCELLED', {}, 'The payment arrived after the order had expired; it was cancelled and nothing was charged.'),
    notice('CANCELLED_BY_STORE', {}, 'The store cancelled the order.'),
    notice('STORE_STOPPED_DELIVERY', { refund: NoticeMoney }, 'The store stopped the delivery and refunded `refund` to the balance.'),
    notice('STORE_REFUNDED', { refund: NoticeMoney, refundTo: RefundTo }, 'The store refunded `refund` to `refundTo`.'),
    notice('CARD_REFUND_TO_BALANCE', { refund: NoticeMoney }, 'The refund to the card could not be made; `refund` was credited to the balance instead.'),
    notice('STORE_NOTE', { text: Type.String() }, "The store's own words to the shopper (an admin's refund note), shown as written."),
    notice('MESSAGE', { text: Type.String() }, 'A message written before notices had codes, shown as written.'),
  ],
  { description: 'A notice to the shopper: a code and its parameters, written out by the storefront in its language.' },
);
export type OrderNotice = Static<typeof OrderNotice>;
export type OrderNoticeCode = OrderNotice['code'];

/** The notices of an order, oldest first; empty for an order that went as planned. */
export const OrderNotices = Type.Array(OrderNotice, {
  description:
    'What the store tells the shopper about this order: why it failed or was cancelled, what was delivered only in part, where refunds went. Codes with parameters (money as decimals in their currency); the storefront writes them out in its language.',
});
