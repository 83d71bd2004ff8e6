/** Shapes the API answers with (see DESIGN.md and the specification, section 3). */

export interface AuthResponse {
  token: string;
  nickname: string;
  userId: number | string;
}

export type UserRole = 'user' | 'admin';

export interface Profile {
  id: number | string;
  nickname: string;
  role: UserRole;
  balanceUsd: number;
  balanceRub: number;
  createdAt: string;
}

export type ProductCategory = 'topup' | 'gift_card';

export interface Region {
  id: number;
  name: string;
  code: string;
  flag: string | null;
  game_currency: string | null;
}

export interface PriceOption {
  game_amount: number;
  price_usd: number;
  price_rub: number;
  available_count: number;
}

export interface Product {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  image_url: string | null;
  keywords: string | null;
  category: ProductCategory;
  game_currency: string | null;
  activationInstructions: string | null;
  hasRegions: boolean;
  hasGlobalCodes: boolean;
  regions: Region[];
}

export interface ProductDetails extends Product {
  prices?: PriceOption[];
}

export interface Promotion {
  id: number;
  text: string;
  background_color: string;
}

export interface AddToCartInput {
  productId: number;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  gameCurrency: string;
  quantity: number;
  regionId: number;
}

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
