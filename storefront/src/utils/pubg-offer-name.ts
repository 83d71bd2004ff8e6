import type { Format } from '../lib/format';

/**
 * A PUBG top-up as every language names it: the game and the UC it delivers ("PUBG Mobile 1 920 UC").
 * Checkout, the receipt and the orders list write it from the amount, as the name the server stores
 * with the order is English.
 */
export function pubgOfferName(totalUc: number, writeAmount: Format['amount']): string {
  return `PUBG Mobile ${writeAmount(totalUc, 'UC')}`;
}
