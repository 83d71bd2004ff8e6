import { MAX_INT, moneySchema } from '../../../lib/admin-input';

const denominationFields = {
  ucAmount: { type: 'integer', minimum: 1, maximum: MAX_INT },
  priceUsd: moneySchema,
  priceRub: moneySchema,
  active: { type: 'boolean' },
} as const;

export const createPubgDenominationBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ucAmount', 'priceUsd', 'priceRub'],
  properties: denominationFields,
} as const;

/** The fields sent are changed; the record's read-only fields are accepted and ignored. */
export const updatePubgDenominationBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...denominationFields, id: {}, created: {}, availableCodes: {} },
} as const;

export interface PubgDenominationFields {
  ucAmount: number;
  priceUsd: number;
  priceRub: number;
  active?: boolean;
}

export type PubgDenominationUpdate = Partial<PubgDenominationFields>;
