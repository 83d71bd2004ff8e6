import { PRODUCT_CATEGORIES, type ProductCategory } from '@topup/common';
import { MAX_INT } from '../../../lib/admin-input';

/** Named here too for the products DAL, which reads its types from this module. */
export type { ProductCategory };

const regionIds = {
  type: 'array',
  maxItems: 1000,
  uniqueItems: true,
  items: { type: 'integer', minimum: 1, maximum: MAX_INT },
} as const;

const productFields = {
  // The storefront address /products/<slug>: lowercase letters, digits and single dashes.
  slug: { type: 'string', maxLength: 100, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
  title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  description: { type: 'string', maxLength: 5000 },
  imageUrl: { type: 'string', maxLength: 2000, format: 'web-url' },
  keywords: { type: 'string', maxLength: 1000 },
  category: { type: 'string', enum: PRODUCT_CATEGORIES },
  gameCurrency: { type: 'string', maxLength: 64 },
  activationInstructions: { type: 'string', maxLength: 10_000 },
  hasRegions: { type: 'boolean' },
  hasGlobalCodes: { type: 'boolean' },
  active: { type: 'boolean' },
  sortOrder: { type: 'integer', minimum: -MAX_INT, maximum: MAX_INT },
  regionIds,
} as const;

export const createProductBody = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'title', 'category'],
  properties: productFields,
} as const;

/**
 * The fields sent are changed. The record's computed fields are accepted and ignored, so a form
 * can send back the record it loaded.
 */
export const updateProductBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...productFields, id: {}, availableCodes: {}, soldCodes: {}, createdAt: {}, updatedAt: {} },
} as const;

export interface ProductFields {
  slug: string;
  title: string;
  description?: string;
  imageUrl?: string;
  keywords?: string;
  category: ProductCategory;
  gameCurrency?: string;
  activationInstructions?: string;
  hasRegions?: boolean;
  hasGlobalCodes?: boolean;
  active?: boolean;
  sortOrder?: number;
  regionIds?: number[];
}

export type ProductUpdate = Partial<ProductFields>;

export const productRegionsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['regionIds'],
  properties: { regionIds },
} as const;

export const productRegionParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'regionId'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: MAX_INT },
    regionId: { type: 'integer', minimum: 1, maximum: MAX_INT },
  },
} as const;

export const regionCurrencyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['gameCurrency'],
  properties: {
    // '' = the product's own game currency.
    gameCurrency: { type: 'string', maxLength: 64 },
  },
} as const;

export interface ProductRegionParams {
  id: number;
  regionId: number;
}
