import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from '@topup/common';
import { moneySchema } from '../../../lib/admin-input';

export const ADJUSTMENT_REASON_MAX_LENGTH = 500;

// A balance is never below 0; at most two decimals is checked in the service.
export const updateUserBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    balanceUsd: moneySchema,
    balanceRub: moneySchema,
    reason: { type: 'string', maxLength: ADJUSTMENT_REASON_MAX_LENGTH },
  },
} as const;

export const changePasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: {
    password: { type: 'string', minLength: ADMIN_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
  },
} as const;

export interface UpdateUserBody {
  balanceUsd?: number;
  balanceRub?: number;
  reason?: string;
}

export interface ChangePasswordBody {
  password: string;
}
