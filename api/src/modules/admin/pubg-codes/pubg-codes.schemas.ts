import { MAX_INT } from '../../../lib/admin-input';
import { CODE_MAX_LENGTH } from '../../../lib/bulk-codes';

const denominationId = { type: 'integer', minimum: 1, maximum: MAX_INT } as const;

export const createPubgCodeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['denominationId', 'code'],
  properties: {
    denominationId,
    code: { type: 'string', minLength: 1, maxLength: CODE_MAX_LENGTH, pattern: '^\\s*[^\\s,]+\\s*$' },
  },
} as const;

/**
 * Moves an available code to another package. The record's other fields are accepted and ignored, so
 * a form can send back the record it loaded; the code itself never changes (delete it and add anew).
 */
export const updatePubgCodeBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    denominationId,
    id: {},
    code: {},
    ucAmount: {},
    priceUsd: {},
    priceRub: {},
    status: {},
    errorMessage: {},
    created: {},
    denomination: {},
  },
} as const;

export interface CreatePubgCodeBody {
  denominationId: number;
  code: string;
}

export interface UpdatePubgCodeBody {
  denominationId?: number;
}

export const bulkPubgCodesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['denominationId', 'codes'],
  properties: { denominationId, codes: { type: 'string' } },
} as const;

export const bulkPubgCodesQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['denominationId'],
  properties: { denominationId },
} as const;

export interface BulkPubgCodesTarget {
  denominationId: number;
}
