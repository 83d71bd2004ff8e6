import { BALANCE_CURRENCIES, type BalanceCurrency } from '@topup/common';
import { GATEWAY_METHODS, type GatewayMethod } from '../../providers/payment';
import { topupDataSchema, type TopupData } from '../topup/topup.schemas';

/** `when type is X, these fields are required` (ajv strict mode wants the fields named in `then`). */
const requiredForType = (type: CreatePaymentBody['type'], fields: string[]) => ({
  if: { type: 'object', properties: { type: { const: type } } },
  then: { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, true])), required: fields },
});

/**
 * A gateway payment for the whole cart (`order`, with the total the shopper saw: only compared with
 * the server's own total, never charged) or for one game top-up (`topup`, with the same topupData
 * POST /orders/topup takes, priced and checked by the server exactly as there).
 */
export const createPaymentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'type'],
  properties: {
    type: { type: 'string', enum: ['order', 'topup'] },
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000 },
    topupData: topupDataSchema,
    currency: { type: 'string', enum: BALANCE_CURRENCIES },
    method: { type: 'string', enum: GATEWAY_METHODS, default: 'card' },
    // Where the fiscal receipt goes, when the shop sends them (GET /payment/methods says so).
    email: { type: 'string', format: 'email', maxLength: 254 },
  },
  allOf: [requiredForType('order', ['amount']), requiredForType('topup', ['topupData'])],
} as const;

interface PaymentBodyCommon {
  currency: BalanceCurrency;
  method: GatewayMethod;
  email?: string;
}

export type CreatePaymentBody =
  | (PaymentBodyCommon & {
      type: 'order';
      /** Decimal, in `currency`. */
      amount: number;
    })
  | (PaymentBodyCommon & { type: 'topup'; topupData: TopupData });

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
