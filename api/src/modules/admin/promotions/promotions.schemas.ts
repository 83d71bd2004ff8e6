import { MAX_INT } from '../../../lib/admin-input';

const promotionFields = {
  text: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  // '#rrggbb'; the storefront's badge gradient derives from it.
  backgroundColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
  active: { type: 'boolean' },
  sortOrder: { type: 'integer', minimum: -MAX_INT, maximum: MAX_INT },
} as const;

export const createPromotionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'backgroundColor'],
  properties: promotionFields,
} as const;

/** The fields sent are changed (the active toggle is `{active}`); read-only fields are ignored. */
export const updatePromotionBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...promotionFields, id: {}, createdAt: {} },
} as const;

export interface PromotionFields {
  text: string;
  backgroundColor: string;
  active?: boolean;
  sortOrder?: number;
}

export type PromotionUpdate = Partial<PromotionFields>;
