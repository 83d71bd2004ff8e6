import type { CodeStatus, PubgCodeStatus, UserRole } from './rules';

/*
 * The records of the back-office API (docs/admin-api.md), shared by the API services that build them
 * and the back office that reads them. `Time` is a Date where the API builds a record and the ISO
 * string the back office receives once it went through JSON. Amounts are decimals; codes come masked.
 */

export const PRODUCT_CATEGORIES = ['topup', 'gift_card'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Products. */
export interface AdminProduct<Time = string> {
  id: number;
  slug: string;
  title: string;
  description: string;
  imageUrl: string;
  keywords: string;
  category: ProductCategory;
  gameCurrency: string;
  activationInstructions: string;
  hasRegions: boolean;
  hasGlobalCodes: boolean;
  active: boolean;
  sortOrder: number;
  regionIds: number[];
  availableCodes: number;
  soldCodes: number;
  createdAt: Time;
  updatedAt: Time;
}

/** The regions a product is sold in, with each one's game currency ('' = the product's own). */
export interface ProductRegions {
  regionIds: number[];
  regions: Array<{ regionId: number; name: string; gameCurrency: string }>;
}

/** Codes: a manual activation code. */
export interface AdminCode<Time = string> {
  id: number;
  productId: number;
  productTitle: string;
  /** null: a global code. */
  regionId: number | null;
  regionName: string | null;
  code: string;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  status: CodeStatus;
  popular: boolean;
  orderId: number | null;
  soldAt: Time | null;
  createdAt: Time;
}

/** Generated Free Fire codes. */
export interface GeneratedCode<Time = string> {
  id: number;
  denominationId: number;
  denominationName: string;
  productId: number;
  code: string;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  status: CodeStatus;
  published: boolean;
  generationRequestId: string | null;
  orderId: number | null;
  activatedPlayerId: string | null;
  createdAt: Time;
}

export const GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** A code-generation request and its progress. */
export interface GenerationRequest<Time = string> {
  id: string;
  denominationId: number;
  denominationName: string;
  count: number;
  generated: number;
  status: GenerationStatus;
  error: string | null;
  requestedBy: number | null;
  createdAt: Time;
  finishedAt: Time | null;
}

/** PUBG: a UC code. */
export interface PubgCode<Time = string> {
  id: number;
  denominationId: number;
  code: string;
  ucAmount: number;
  priceUsd: number;
  priceRub: number;
  status: PubgCodeStatus;
  errorMessage: string | null;
  created: Time;
  denomination: { id: number; ucAmount: number };
}

/** PUBG: a UC package. */
export interface PubgDenomination<Time = string> {
  id: number;
  ucAmount: number;
  priceUsd: number;
  priceRub: number;
  active: boolean;
  created: Time;
  availableCodes: number;
}

/** A Free Fire offer, with the specification's field names; `price` is USD. */
export interface FreefireDenomination<Time = string> {
  id: number;
  name: string;
  item_id: number;
  price: number;
  price_rub: number;
  game_amount: number;
  is_active: boolean;
  created_at: Time;
}

/** Regions. */
export interface AdminRegion<Time = string> {
  id: number;
  name: string;
  /** Short code such as 'TR', 'US', 'EU'; unique. */
  code: string;
  isActive: boolean;
  /** The game currency's name in this region; empty means each product's own. */
  gameCurrency: string;
  /** An emoji or an image URL; empty shows the global flag. */
  flag: string;
  createdAt: Time;
}

/** Users. */
export interface AdminUser<Time = string> {
  id: number;
  nickname: string;
  role: UserRole;
  balanceUsd: number;
  balanceRub: number;
  ordersCount: number;
  createdAt: Time;
}

/** Promotions: a badge on the storefront's home page. */
export interface AdminPromotion<Time = string> {
  id: number;
  text: string;
  /** `#rrggbb`; the storefront's badge gradient derives from it. */
  backgroundColor: string;
  active: boolean;
  sortOrder: number;
  createdAt: Time;
}

/** Currency rates. */
export interface AdminCurrencyRate<Time = string> {
  id: number;
  /** Lowercase ISO codes: 'usd' → 'rub'. */
  from: string;
  to: string;
  /** Units of `to` per unit of `from`, six decimals, exact: "79.000000". */
  rate: string;
  autoUpdate: boolean;
  updatedAt: Time;
}

export interface CurrencySettings<Time = string> {
  steamCommissionPercent: number;
  /** The daily 09:00 update's master switch. */
  ratesAutoUpdate: boolean;
  /** Where a failed delivery of a card-paid top-up is refunded: the balance, or back to the card. */
  failedCardTopupRefundTo: 'balance' | 'card';
  /** Null until the settings were first saved. */
  updatedAt: Time | null;
}

/** Where an admin's rate refresh stands. */
export interface RefreshProgress<Time = string> {
  requestId: string;
  status: string;
  /** Rates changed, once the run has finished. */
  updated: number | null;
  error: string | null;
  createdAt: Time;
  finishedAt: Time | null;
}

/** The calling admin's two-factor sign-in (GET /api/admin/2fa). */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** Whether this store requires admins to use it (ADMIN_REQUIRE_2FA). */
  required: boolean;
}

/** A pending two-factor enrolment (POST /api/admin/2fa/enrol). */
export interface Enrolment {
  /** Base32, for entering by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, a PNG data URL. */
  qr: string;
}
