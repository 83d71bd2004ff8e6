import { useMutation } from '@tanstack/react-query';
import type { AuthSession } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';
import type { RegisterInput } from '../validation';

export function register(input: RegisterInput): Promise<AuthSession> {
  return api.post<AuthSession>('/register', {
    nickname: input.nickname.trim(),
    password: input.password,
    confirmPassword: input.confirmPassword,
    ...(input.email?.trim() ? { email: input.email.trim() } : {}),
  });
}

export function useRegister({ mutationConfig }: { mutationConfig?: MutationConfig<typeof register> } = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: register,
    onSuccess: (...args) => {
      saveSession(args[0]);
      return onSuccess?.(...args);
    },
  });
}
