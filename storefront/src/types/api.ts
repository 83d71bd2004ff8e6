/** Shapes the API answers with (see DESIGN.md and the specification, section 3). */

export type TopupService = 'freefire' | 'pubg' | 'steam';
export type BalanceCurrencyCode = 'usd' | 'rub';

/**
 * What a game page hands to /checkout in navigation state (`{ topupData }`, spec section 3) and what
 * checkout posts to `POST /api/orders/topup` as `{ topupData, currency }`. The server re-prices it.
 */
export interface TopupData {
  service: TopupService;
  login: string | null;
  player_id: string | null;
  /** Free Fire: the offer's item_id; PUBG: -1; Steam: 0. */
  offer_id: number;
  offer_name: string;
  price_usd: number;
  price_rub: number;
  input_currency: 'usd' | 'rub' | 'kzt';
  currency: BalanceCurrencyCode;
  /** Always 0 except Steam (USD). */
  commission: number;
  image_url: string | null;
  /** PUBG only. */
  packages?: Array<{ denomination_id: number; quantity: 1 }>;
  /** Steam only. */
  user_balance_currency?: BalanceCurrencyCode;
  amount?: number;
}
