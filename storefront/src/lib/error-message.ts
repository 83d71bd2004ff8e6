import { ErrorCode } from '@topup/common';
import type { ParseKeys, TFunction } from 'i18next';
import { toApiError } from './api-error';

/** Locale keys (under `errors.*`) for failures that read the same on every screen. */
export type CommonErrorKey =
  | 'errors.network_error'
  | 'errors.rate_limited'
  | 'errors.service_unavailable'
  | 'errors.server_error'
  | 'errors.forbidden'
  | 'errors.validation_failed'
  | 'errors.price_changed'
  | 'errors.out_of_stock'
  | 'errors.offer_unavailable';

const BY_CODE: Partial<Record<string, CommonErrorKey>> = {
  [ErrorCode.RATE_LIMITED]: 'errors.rate_limited',
  [ErrorCode.SERVICE_UNAVAILABLE]: 'errors.service_unavailable',
  [ErrorCode.FORBIDDEN]: 'errors.forbidden',
  [ErrorCode.VALIDATION_FAILED]: 'errors.validation_failed',
  [ErrorCode.PRICE_CHANGED]: 'errors.price_changed',
  [ErrorCode.OUT_OF_STOCK]: 'errors.out_of_stock',
  [ErrorCode.OFFER_UNAVAILABLE]: 'errors.offer_unavailable',
};

/**
 * The message key for a failed call, or the screen's own fallback key when nothing more specific
 * applies (the API's English message is not shown as is: the interface speaks the chosen language).
 */
export function errorMessageKey<K extends string>(error: unknown, fallback: K): CommonErrorKey | K {
  const apiError = toApiError(error);
  if (apiError.status === 0) return 'errors.network_error';
  const byCode = BY_CODE[apiError.code];
  if (byCode) return byCode;
  if (apiError.status === 429) return 'errors.rate_limited';
  if (apiError.status === 503) return 'errors.service_unavailable';
  if (apiError.status >= 500) return 'errors.server_error';
  return fallback;
}

/** How long the API asked a refused shopper to wait (its `retryAfterSeconds`, sent with Retry-After), null when it did not say. */
export function retryAfterSeconds(error: unknown): number | null {
  const seconds = (toApiError(error).details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * The text of a failed call in the interface language (errorMessageKey); a rate limit says how long
 * to wait: "Try again in 40 seconds", "in 2 minutes" (a minute begun counts whole).
 */
export function errorText(t: TFunction, error: unknown, fallback: ParseKeys): string {
  const key = errorMessageKey(error, fallback);
  return key === 'errors.rate_limited' ? rateLimitText(t, retryAfterSeconds(error)) : t(key);
}

/** "Too many attempts" with how long to wait when the API said (seconds, or minutes from one on). */
export function rateLimitText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('errors.rate_limited');
  return seconds < 60 ? t('errors.retry_in_seconds', { count: seconds }) : t('errors.retry_in_minutes', { count: Math.ceil(seconds / 60) });
}
