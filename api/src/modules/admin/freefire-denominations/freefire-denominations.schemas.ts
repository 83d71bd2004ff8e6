import { MAX_INT, MAX_PRICE } from '../../../lib/admin-input';

/** The fields every offer must have; a missing or empty one is "Please fill in all required fields". */
export const REQUIRED_FREEFIRE_FIELDS = ['name', 'item_id', 'price', 'price_rub', 'game_amount'] as const;

// null is accepted here (an emptied form input) so that it is reported as a missing field, not a type error.
const denominationFields = {
  name: { type: 'string', nullable: true, maxLength: 200 },
  // The offer id shoppers send (topupData.offer_id); unique.
  item_id: { type: 'integer', nullable: true, minimum: 1, maximum: MAX_INT },
  // USD.
  price: { type: 'number', nullable: true, minimum: 0, maximum: MAX_PRICE },
  price_rub: { type: 'number', nullable: true, minimum: 0, maximum: MAX_PRICE },
  game_amount: { type: 'integer', nullable: true, minimum: 1, maximum: MAX_INT },
  is_active: { type: 'boolean' },
} as const;

/** The specification's field names (docs/admin-api.md, Free Fire denominations). */
export const createFreefireDenominationBody = {
  type: 'object',
  additionalProperties: false,
  properties: denominationFields,
} as const;

/** The fields sent are changed; the record's read-only fields are accepted and ignored. */
export const updateFreefireDenominationBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...denominationFields, id: {}, created_at: {} },
} as const;

export interface FreefireDenominationFields {
  name?: string | null;
  item_id?: number | null;
  price?: number | null;
  price_rub?: number | null;
  game_amount?: number | null;
  is_active?: boolean;
}
