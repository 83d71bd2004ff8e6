import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { keepSession, type LoginSession } from './login';

export interface LoginTwoFactorInput {
  challenge: string;
  /** A 6-digit code from the authenticator app, or a recovery code. */
  code: string;
}

export function loginTwoFactor(input: LoginTwoFactorInput): Promise<LoginSession> {
  return api.post<LoginSession>('/login/2fa', { challenge: input.challenge, code: input.code.trim() });
}

export function useLoginTwoFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof loginTwoFactor> } = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // A code is single-use: never sent twice by a retry.
    retry: false,
    mutationFn: loginTwoFactor,
    onSuccess: (...args) => {
      keepSession(args[0]);
      return onSuccess?.(...args);
    },
  });
}
