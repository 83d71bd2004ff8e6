import { ErrorCode } from '@topup/common';
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
  | 'errors.out_of_stock';

const BY_CODE: Partial<Record<string, CommonErrorKey>> = {
  [ErrorCode.RATE_LIMITED]: 'errors.rate_limited',
  [ErrorCode.SERVICE_UNAVAILABLE]: 'errors.service_unavailable',
  [ErrorCode.FORBIDDEN]: 'errors.forbidden',
  [ErrorCode.VALIDATION_FAILED]: 'errors.validation_failed',
  [ErrorCode.PRICE_CHANGED]: 'errors.price_changed',
  [ErrorCode.OUT_OF_STOCK]: 'errors.out_of_stock',
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
