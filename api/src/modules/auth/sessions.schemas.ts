import { PASSWORD_MAX_LENGTH } from '@topup/common';

// Shapes only: the new password's rules (registration's) are checked in the service, so each failure
// carries the message key the storefront shows.
export const changeOwnPasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['currentPassword', 'newPassword'],
  properties: {
    currentPassword: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
    newPassword: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
  },
} as const;

/** Logging out carries nothing; a field sent anyway is a client mistake, refused. */
export const logoutBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export interface ChangeOwnPasswordBody {
  currentPassword: string;
  newPassword: string;
}
