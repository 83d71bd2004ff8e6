import { BALANCE_CURRENCIES, type BalanceCurrency } from '@topup/common';

// The amount is the total the shopper saw: only compared with the server's own total, never charged.
export const createPaymentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency', 'type'],
  properties: {
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000 },
    currency: { type: 'string', enum: BALANCE_CURRENCIES },
    type: { type: 'string', const: 'order' },
  },
} as const;

export interface CreatePaymentBody {
  /** Decimal, in `currency`. */
  amount: number;
  currency: BalanceCurrency;
  type: 'order';
}

export const webhookParams = {
  type: 'object',
  additionalProperties: false,
  required: ['provider'],
  properties: {
    provider: { type: 'string', pattern: '^[a-z0-9_-]{1,32}$' },
  },
} as const;

export interface WebhookParams {
  provider: string;
}
