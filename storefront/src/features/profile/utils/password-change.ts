import { passwordRuleError } from '../../auth/validation';

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
