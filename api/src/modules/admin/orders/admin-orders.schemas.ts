import { ORDER_STATUSES, type OrderStatus } from '@topup/common';

/** Longest note an admin can attach to a refund (it reaches the ledger and the shopper's order). */
export const REFUND_NOTE_MAX_LENGTH = 500;

export const changeStatusBody = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ORDER_STATUSES },
  },
} as const;

export const refundBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    note: { type: 'string', maxLength: REFUND_NOTE_MAX_LENGTH },
    // The balance (the default), or back to the card a gateway-paid order was paid with.
    destination: { type: 'string', enum: ['balance', 'card'] },
  },
} as const;

export interface ChangeStatusBody {
  status: OrderStatus;
}

export interface RefundBody {
  note?: string;
  destination?: 'balance' | 'card';
}
