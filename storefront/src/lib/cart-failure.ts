import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@topup/common';
import { useToast } from '../components/ui/toast/toast-provider';
import { toApiError } from './api-error';
import { rateLimitText, retryAfterSeconds } from './error-message';

/** A cart change as the shopper tried it: what its failure message names. */
export type CartAction =
  | { kind: 'add'; title: string }
  | { kind: 'quantity'; title: string }
  | { kind: 'remove'; title: string }
  | { kind: 'clear' };

/** Why a cart change failed, a key under `cart.failed.reasons`. */
export type CartFailureReason = 'network' | 'out_of_stock' | 'not_found' | 'rate_limited' | 'unavailable' | 'server' | 'refused' | 'unknown';

/** The server's reason for refusing a cart change, in the shopper's words. */
export function cartFailureReason(error: unknown): CartFailureReason {
  const apiError = toApiError(error);
  if (apiError.status === 0) return 'network';
  if (apiError.code === ErrorCode.OUT_OF_STOCK) return 'out_of_stock';
  if (apiError.status === 404) return 'not_found';
  if (apiError.status === 429) return 'rate_limited';
  if (apiError.status === 503) return 'unavailable';
  if (apiError.status >= 500) return 'server';
  if (apiError.status >= 400) return 'refused';
  return 'unknown';
}

/**
 * What a failed cart change tells the shopper: what they tried, then why ("Could not empty the cart: your
 * items are back. Check your connection and try again."; a rate limit with how long to wait).
 */
export function cartFailureText(t: TFunction, action: CartAction, error: unknown): string {
  const tried = t(`cart.failed.${action.kind}`, { title: action.kind === 'clear' ? '' : action.title });
  const reason = cartFailureReason(error);
  const why = reason === 'rate_limited' ? rateLimitText(t, retryAfterSeconds(error)) : t(`cart.failed.reasons.${reason}`);
  return `${tried} ${why}`;
}

/** A toast for a failed cart change (cartFailureText). Nothing for a 401: the API client is already taking the shopper to /login. */
export function useCartFailureToast(): (action: CartAction, error: unknown) => void {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(
    (action, error) => {
      if (toApiError(error).status === 401) return;
      toast.error(cartFailureText(t, action, error));
    },
    [t, toast],
  );
}
