import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@topup/common';

/** A password's length bounds, as the messages about them interpolate them. */
export const PASSWORD_LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

const HAS_DIGIT = /\d/;

/** A new password's rules (registration's, and a password change's): 8 to 128 characters with a digit. */
export function passwordRuleError(password: string): 'password_too_short' | 'password_too_long' | 'password_no_number' | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  if (!HAS_DIGIT.test(password)) return 'password_no_number';
  return null;
}
