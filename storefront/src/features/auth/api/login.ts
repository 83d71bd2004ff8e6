import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';
import type { AuthResponse } from '../../../types/api';

export interface LoginInput {
  nickname: string;
  password: string;
}

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/login', { nickname: input.nickname.trim(), password: input.password });
}

export function useLogin({ mutationConfig }: { mutationConfig?: MutationConfig<typeof login> } = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (...args) => {
      saveSession(args[0]);
      return onSuccess?.(...args);
    },
  });
}
