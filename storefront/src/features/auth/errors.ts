import { ErrorCode } from '@topup/common';
import { toApiError } from '../../lib/api-error';

export type LoginErrorKey =
  | 'validation.invalid_credentials'
  | 'errors.user_not_found'
  | 'errors.server_error'
  | 'errors.network_error'
  | 'errors.rate_limited'
  | 'errors.general';

/** Login failures (spec section 8): 401 invalid credentials, 404 user not found, 5xx server, no response network. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  const apiError = toApiError(error);
  if (apiError.status === 0) return 'errors.network_error';
  if (apiError.status === 401 || apiError.code === ErrorCode.INVALID_CREDENTIALS) return 'validation.invalid_credentials';
  if (apiError.status === 404) return 'errors.user_not_found';
  if (apiError.status === 429 || apiError.code === ErrorCode.RATE_LIMITED) return 'errors.rate_limited';
  if (apiError.status >= 500) return 'errors.server_error';
  return 'errors.general';
}

export type RegisterFailure =
  | { field: 'nickname'; key: 'nickname_taken' }
  | { field: null; key: 'errors.network_error' | 'errors.rate_limited' | 'errors.validation_failed' | 'errors.server_error' | 'errors.general' };

/** Register failures: 409 nickname taken (on the nickname field); others are general errors. */
export function registerFailure(error: unknown): RegisterFailure {
  const apiError = toApiError(error);
  if (apiError.status === 409 || apiError.code === ErrorCode.NICKNAME_TAKEN) return { field: 'nickname', key: 'nickname_taken' };
  if (apiError.status === 0) return { field: null, key: 'errors.network_error' };
  if (apiError.status === 429 || apiError.code === ErrorCode.RATE_LIMITED) return { field: null, key: 'errors.rate_limited' };
  if (apiError.code === ErrorCode.VALIDATION_FAILED) return { field: null, key: 'errors.validation_failed' };
  if (apiError.status >= 500) return { field: null, key: 'errors.server_error' };
  return { field: null, key: 'errors.general' };
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
