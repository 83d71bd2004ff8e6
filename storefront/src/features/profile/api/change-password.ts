import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';
import type { AuthResponse } from '../../../types/api';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Sets a new password; every other session ends and this one continues with the token answered. */
export function changePassword(input: ChangePasswordInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/profile/password', { currentPassword: input.currentPassword, newPassword: input.newPassword });
}

export function useChangePassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // A retry after a lost answer would find the old password already replaced.
    retry: false,
    mutationFn: changePassword,
    onSuccess: (...args) => {
      saveSession(args[0]);
      return onSuccess?.(...args);
    },
  });
}
