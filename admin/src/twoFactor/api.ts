import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@topup/common/api';
import type { ApiRequest } from '../lib/useApiRequest';

/** The calling admin's two-factor calls (common/src/api/two-factor.ts). */
export const TWO_FACTOR_URL = '/api/admin/2fa';

/** At or under this many recovery codes left, the page suggests getting a new set. */
export const LOW_RECOVERY_CODES = 3;

/** The key in groups of four, as authenticator apps show it and accept it typed. */
export const groupedKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** A 6-digit code as typed: digits only. */
export const codeDigits = (value: string): string => value.replace(/\D/g, '').slice(0, 6);

export const userTwoFactorUrl = (userId: number | string) => `/api/admin/users/${userId}/2fa`;

/** The status behind `url`: the admin's own (TWO_FACTOR_URL) or a user's (userTwoFactorUrl). */
export function useTwoFactorStatus(request: ApiRequest, url: string = TWO_FACTOR_URL) {
  return useQuery({ queryKey: twoFactorQueryKey(url), queryFn: () => request<TwoFactorStatus>('GET', url) });
}

export const twoFactorQueryKey = (url: string) => ['two-factor', url];
