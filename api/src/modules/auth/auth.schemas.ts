import { NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@topup/common';

// Shapes only: the specification's own rules (trimmed length, a digit, matching confirmation) are
// checked in the service so each failure can carry the message key the storefront shows.
export const registerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['nickname', 'password', 'confirmPassword'],
  properties: {
    nickname: { type: 'string', maxLength: NICKNAME_MAX_LENGTH + 64 },
    password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
    confirmPassword: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
  },
} as const;

export const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['nickname', 'password'],
  properties: {
    nickname: { type: 'string', maxLength: NICKNAME_MAX_LENGTH + 64 },
    password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
    /** "Remember me": a session of JWT_REMEMBER_TTL_SECONDS instead of JWT_TTL_SECONDS. */
    remember: { type: 'boolean' },
  },
} as const;

export interface RegisterBody {
  nickname: string;
  password: string;
  confirmPassword: string;
}

export interface LoginBody {
  nickname: string;
  password: string;
  remember?: boolean;
}
