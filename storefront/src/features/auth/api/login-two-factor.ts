import { useMutation } from '@tanstack/react-query';
import type { AuthSession, LoginTwoFactorBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { keepSession } from './login';

export function loginTwoFactor(input: LoginTwoFactorBody): Promise<AuthSession> {
  return api.post<AuthSession>('/login/2fa', { challenge: input.challenge, code: input.code.trim() });
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
