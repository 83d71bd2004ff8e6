import { MAX_INT, moneySchema } from '../../../lib/admin-input';
import { CODE_MAX_LENGTH } from '../../../lib/bulk-codes';

const productId = { type: 'integer', minimum: 1, maximum: MAX_INT } as const;
// null or 0: a global code, valid in every region.
const regionId = { type: 'integer', nullable: true, minimum: 0, maximum: MAX_INT } as const;
const gameAmount = { type: 'integer', minimum: 1, maximum: MAX_INT } as const;

export const createCodeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['productId', 'code', 'priceUsd', 'priceRub', 'gameAmount'],
  properties: {
    productId,
    regionId,
    code: { type: 'string', minLength: 1, maxLength: CODE_MAX_LENGTH, pattern: '\\S' },
    priceUsd: moneySchema,
    priceRub: moneySchema,
    gameAmount,
    popular: { type: 'boolean' },
  },
} as const;

/**
 * Prices, game amount, popular flag and region of an available code. The record's other fields are
 * accepted and ignored, so a form can send back the record it loaded; the code itself never changes.
 */
export const updateCodeBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    regionId,
    priceUsd: moneySchema,
    priceRub: moneySchema,
    gameAmount,
    popular: { type: 'boolean' },
    id: {},
    productId: {},
    productTitle: {},
    regionName: {},
    code: {},
    status: {},
    orderId: {},
    soldAt: {},
    createdAt: {},
  },
} as const;

export interface CreateCodeBody {
  productId: number;
  regionId?: number | null;
  code: string;
  priceUsd: number;
  priceRub: number;
  gameAmount: number;
  popular?: boolean;
}

export interface UpdateCodeBody {
  regionId?: number | null;
  priceUsd?: number;
  priceRub?: number;
  gameAmount?: number;
  popular?: boolean;
}

/** The JSON form of the bulk upload: the lines in one string, up to the normal body limit. */
export const bulkCodesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['productId', 'codes'],
  properties: { productId, regionId, codes: { type: 'string' } },
} as const;

/** The streamed form: the target in the query, the lines as a text/plain body. */
export const bulkCodesQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['productId'],
  properties: { productId, regionId: { type: 'integer', minimum: 0, maximum: MAX_INT } },
} as const;

export interface BulkCodesTarget {
  productId: number;
  regionId?: number | null;
}
