import { BALANCE_CURRENCIES, type BalanceCurrency } from '@topup/common';

// Only the currency: prices and totals come from the database, so a client cannot send them.
export const fromBalanceBody = {
  type: 'object',
  additionalProperties: false,
  required: ['currency'],
  properties: {
    currency: { type: 'string', enum: BALANCE_CURRENCIES },
  },
} as const;

export interface FromBalanceBody {
  currency: BalanceCurrency;
}
