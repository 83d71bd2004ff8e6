/** A product as the back office reads it (docs/admin-api.md, Products). */
export interface AdminProduct {
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
  createdAt: string;
  updatedAt: string;
}

export const PRODUCT_CATEGORIES = ['topup', 'gift_card'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The answer of the product-regions calls. */
export interface ProductRegions {
  regionIds: number[];
  /** `gameCurrency` empty (or null) means the product's own. */
  regions: Array<{ regionId: number; name: string; gameCurrency: string | null }>;
}
