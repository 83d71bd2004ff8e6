import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH, nicknameError, normaliseEmail } from '@topup/common';
import { PASSWORD_LIMITS, passwordRuleError } from '../../utils/password-rules';

/** Message keys under `validation.*` in the locales. */
export type RegisterErrorKey =
  | 'nickname_too_short'
  | 'nickname_too_long'
  | 'nickname_invalid'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_no_number'
  | 'passwords_dont_match'
  | 'nickname_taken'
  | 'email_invalid';

export interface RegisterInput {
  nickname: string;
  password: string;
  confirmPassword: string;
  /** Optional: '' gives none. */
  email?: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterInput, RegisterErrorKey>>;

/**
 * Registration rules: the nickname rule the API applies (trimmed 3 to 32 letters, digits, `_`, `.`
 * or `-`); password at least 8 (at most 128) characters with a digit; confirmation equal to the password;
 * an email, when given, that looks like an address.
 */
export function validateRegistration(input: RegisterInput): RegisterErrors {
  const errors: RegisterErrors = {};
  const nickname = nicknameError(input.nickname);
  if (nickname) errors.nickname = nickname;

  const password = passwordRuleError(input.password);
  if (password) errors.password = password;

  if (input.confirmPassword !== input.password) errors.confirmPassword = 'passwords_dont_match';
  const email = input.email?.trim() ?? '';
  if (email !== '' && !normaliseEmail(email)) errors.email = 'email_invalid';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** Login needs a nickname and a password, non-empty after trimming (else: invalid credentials). */
export function isLoginInputValid(input: { nickname: string; password: string }): boolean {
  return input.nickname.trim() !== '' && input.password.trim() !== '';
}

/** Interpolation values for the messages above. */
export const VALIDATION_LIMITS = {
  nickname: { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH },
  password: PASSWORD_LIMITS,
} as const;

export function messageParams(key: RegisterErrorKey): { min?: number; max?: number } {
  if (key.startsWith('nickname')) return VALIDATION_LIMITS.nickname;
  if (key.startsWith('password_too')) return VALIDATION_LIMITS.password;
  return {};
}

/** A safe place to return to after login: an in-app path, never another origin or the auth pages. */
export function safeReturnPath(from: unknown): string {
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object' && 'pathname' in from && typeof from.pathname === 'string') {
    const location = from as { pathname: string; search?: unknown; hash?: unknown };
    path = `${location.pathname}${typeof location.search === 'string' ? location.search : ''}${
      typeof location.hash === 'string' ? location.hash : ''
    }`;
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (/^\/(login|register|password)(\/|\?|#|$)/.test(path)) return '/';
  return path;
}
