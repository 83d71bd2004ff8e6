import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ForgotPasswordAnswer, ForgotPasswordBody, ResetPasswordBody, VerifiedEmail } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** Asks for a reset link; the API answers the same whatever the address. */
export function forgotPassword(body: ForgotPasswordBody): Promise<ForgotPasswordAnswer> {
  return api.post<ForgotPasswordAnswer>('/password/forgot', { email: body.email.trim() });
}

export function useForgotPassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof forgotPassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: forgotPassword });
}

/** Sets the new password with the mailed link; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return api.post<void>('/password/reset', body);
}

export function useResetPassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resetPassword> } = {}) {
  // A retry after a lost answer would find the link already used.
  return useMutation({ ...mutationConfig, retry: false, mutationFn: resetPassword });
}

/**
 * Opening a verification link, as a query: a link is used once, so however often the page is drawn
 * (React's strict mode draws it twice) the link is sent once, and the answer kept.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => api.post<VerifiedEmail>('/email/verify', { token }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useVerifyEmail = (token: string) => useQuery(verifyEmailQueryOptions(token));
