import { ErrorCode } from '@topup/common';
import { toApiError } from '../../../lib/api-error';
import { passwordRuleError } from '../../../utils/password-rules';

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Translation keys of the failed rules (and of the API's answers), by field. */
export type PasswordChangeErrorKey =
  | 'security.current_password_required'
  | 'security.current_password_wrong'
  | 'validation.password_too_short'
  | 'validation.password_too_long'
  | 'validation.password_no_number'
  | 'validation.passwords_dont_match';

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeInput, PasswordChangeErrorKey>>;

/** The current password given, the new one by registration's rules, and typed twice alike. */
export function validatePasswordChange(input: PasswordChangeInput): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (input.currentPassword === '') errors.currentPassword = 'security.current_password_required';
  const rule = passwordRuleError(input.newPassword);
  if (rule) errors.newPassword = `validation.${rule}`;
  if (input.confirmPassword !== input.newPassword) errors.confirmPassword = 'validation.passwords_dont_match';
  return errors;
}

export type ChangePasswordFailure =
  | { field: 'currentPassword'; key: 'security.current_password_wrong' }
  | { field: 'newPassword'; key: 'password_too_short' | 'password_no_number' }
  | { field: null; key: 'errors.network_error' | 'errors.rate_limited' | 'errors.server_error' | 'security.change_password_failed' };

/** A password change: a wrong current password (401), a new password the API refused (400), or a general failure. */
export function changePasswordFailure(error: unknown): ChangePasswordFailure {
  const apiError = toApiError(error);
  if (apiError.code === ErrorCode.INVALID_CREDENTIALS) return { field: 'currentPassword', key: 'security.current_password_wrong' };
  if (apiError.code === ErrorCode.VALIDATION_FAILED && Array.isArray(apiError.details)) {
    const rule = (apiError.details as Array<{ field?: unknown; message?: unknown }>).find((detail) => detail.field === 'newPassword');
    if (rule?.message === 'password_too_short' || rule?.message === 'password_no_number') return { field: 'newPassword', key: rule.message };
  }
  if (apiError.status === 0) return { field: null, key: 'errors.network_error' };
  if (apiError.status === 429 || apiError.code === ErrorCode.RATE_LIMITED) return { field: null, key: 'errors.rate_limited' };
  if (apiError.status >= 500) return { field: null, key: 'errors.server_error' };
  return { field: null, key: 'security.change_password_failed' };
}
