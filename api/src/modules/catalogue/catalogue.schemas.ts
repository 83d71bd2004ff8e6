import { MAX_INT } from '../../lib/admin-input';

export const listProductsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 100 },
  },
} as const;

export const slugParams = {
  type: 'object',
  additionalProperties: false,
  required: ['slug'],
  properties: {
    slug: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 100 },
  },
} as const;

export const productRegionParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'regionId'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: MAX_INT },
    // 0 stands for the product's global codes (no region).
    regionId: { type: 'integer', minimum: 0, maximum: MAX_INT },
  },
} as const;

export interface ListProductsQuery {
  search?: string;
}

export interface ProductRegionParams {
  id: number;
  regionId: number;
}
