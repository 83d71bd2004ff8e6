/** Promo codes' words, shared by the API, the storefront and the back office (docs/architecture.md, "Promo codes"). */

export const PROMO_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export const PROMO_SCOPES = ['all', 'games', 'products'] as const;
/** Why a code is refused at checkout or in its preview (`details.reason` of PROMO_CODE_INVALID). */
export const PROMO_CODE_REFUSALS = ['not_found', 'inactive', 'not_started', 'expired', 'used_up', 'used_by_you', 'min_order', 'not_applicable', 'currency'] as const;
export type PromoCodeRefusal = (typeof PROMO_CODE_REFUSALS)[number];
