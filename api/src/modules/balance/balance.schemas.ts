import { BALANCE_CURRENCIES, MIN_BALANCE_TOPUP } from '@topup/common';

/** Largest single top-up: a typo guard, far below where minor units stop being exact. */
export const MAX_BALANCE_TOPUP = 1_000_000;

export const topupBody = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'amount'],
  properties: {
    currency: { type: 'string', enum: BALANCE_CURRENCIES },
    // At most two decimals is checked in the service (a JSON schema multipleOf trips over floats).
    amount: { type: 'number', minimum: MIN_BALANCE_TOPUP, maximum: MAX_BALANCE_TOPUP },
  },
} as const;

export interface TopupBody {
  currency: (typeof BALANCE_CURRENCIES)[number];
  amount: number;
}
