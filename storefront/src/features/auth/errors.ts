import { ErrorCode } from '@topup/common';
import { toApiError } from '../../lib/api-error';
import type { RegisterErrorKey, RegisterErrors, RegisterInput } from './validation';

export type LoginErrorKey =
  | 'validation.invalid_credentials'
  | 'errors.user_not_found'
  | 'errors.server_error'
  | 'errors.network_error'
  | 'errors.rate_limited'
  | 'errors.general';

export type LoginFailure = { key: LoginErrorKey } | { key: 'errors.login_blocked'; minutes: number };

/**
 * Login failures: 401 invalid credentials, 404 user not found, 5xx server, no
 * response network; a 429 with its wait (`retryAfterSeconds`) says how many minutes to wait.
 */
export function loginFailure(error: unknown): LoginFailure {
  const apiError = toApiError(error);
  if (apiError.status === 0) return { key: 'errors.network_error' };
  if (apiError.status === 401 || apiError.code === ErrorCode.INVALID_CREDENTIALS) return { key: 'validation.invalid_credentials' };
  if (apiError.status === 404) return { key: 'errors.user_not_found' };
  if (apiError.status === 429 || apiError.code === ErrorCode.RATE_LIMITED) {
    const seconds = (apiError.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    return typeof seconds === 'number' && seconds > 0 ? { key: 'errors.login_blocked', minutes: Math.ceil(seconds / 60) } : { key: 'errors.rate_limited' };
  }
  if (apiError.status >= 500) return { key: 'errors.server_error' };
  return { key: 'errors.general' };
}

export type RegisterFailure =
  /** Errors to show under their fields. */
  | { fields: RegisterErrors }
  | { general: 'errors.network_error' | 'errors.rate_limited' | 'errors.validation_failed' | 'errors.server_error' | 'errors.general' };

const REGISTER_FIELDS: ReadonlyArray<keyof RegisterInput> = ['nickname', 'password', 'confirmPassword', 'email'];
const REGISTER_ERROR_KEYS: readonly RegisterErrorKey[] = [
  'nickname_too_short',
  'nickname_too_long',
  'nickname_invalid',
  'password_too_short',
  'password_too_long',
  'password_no_number',
  'passwords_dont_match',
  'email_invalid',
];

/** The field errors a 400 names (`details: [{field, message}]` with a message key), those this form knows. */
function fieldErrors(details: unknown): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as Array<{ field?: unknown; message?: unknown }>) {
    const field = REGISTER_FIELDS.find((name) => name === detail.field);
    const key = REGISTER_ERROR_KEYS.find((name) => name === detail.message);
    if (field && key && !errors[field]) errors[field] = key;
  }
  return errors;
}

/**
 * Register failures: 409 nickname taken and a 400 naming its fields go under those fields; others
 * (and a 400 this form cannot place) are general errors.
 */
export function registerFailure(error: unknown): RegisterFailure {
  const apiError = toApiError(error);
  if (apiError.status === 409 || apiError.code === ErrorCode.NICKNAME_TAKEN) return { fields: { nickname: 'nickname_taken' } };
  if (apiError.status === 0) return { general: 'errors.network_error' };
  if (apiError.status === 429 || apiError.code === ErrorCode.RATE_LIMITED) return { general: 'errors.rate_limited' };
  if (apiError.code === ErrorCode.VALIDATION_FAILED) {
    const fields = fieldErrors(apiError.details);
    return Object.keys(fields).length > 0 ? { fields } : { general: 'errors.validation_failed' };
  }
  if (apiError.status >= 500) return { general: 'errors.server_error' };
  return { general: 'errors.general' };
}

export type TwoFactorFailure =
  | { key: 'security.code_wrong'; attemptsLeft: number | null }
  | { key: 'security.challenge_expired' }
  | { key: 'errors.network_error' | 'errors.rate_limited' | 'errors.server_error' | 'errors.general' };

/** A sign-in's second step: a wrong code (with the attempts left), a dead challenge (log in again), or a general failure. */
export function twoFactorFailure(error: unknown): TwoFactorFailure {
  const apiError = toApiError(error);
  if (apiError.code === ErrorCode.INVALID_TWO_FACTOR_CODE) {
    const left = (apiError.details as { attemptsLeft?: unknown } | undefined)?.attemptsLeft;
    return { key: 'security.code_wrong', attemptsLeft: typeof left === 'number' ? left : null };
  }
  if (apiError.code === ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED) return { key: 'security.challenge_expired' };
  if (apiError.status === 0) return { key: 'errors.network_error' };
  if (apiError.status === 429 || apiError.code === ErrorCode.RATE_LIMITED) return { key: 'errors.rate_limited' };
  if (apiError.status >= 500) return { key: 'errors.server_error' };
  return { key: 'errors.general' };
}

/** A mailed link the API refused for what it is (used, expired, its address taken), or null for any other failure. */
export function mailLinkFailure(error: unknown): 'auth.link_expired' | 'auth.verify_taken' | null {
  const { code } = toApiError(error);
  if (code === ErrorCode.LINK_EXPIRED) return 'auth.link_expired';
  if (code === ErrorCode.EMAIL_TAKEN) return 'auth.verify_taken';
  return null;
}
