import { useMutation } from '@tanstack/react-query';
import type { AuthSession, ChangeOwnPasswordBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';

/** Sets a new password; every other session ends and this one continues with the token answered. */
export function changePassword(input: ChangeOwnPasswordBody): Promise<AuthSession> {
  return api.post<AuthSession>('/profile/password', { currentPassword: input.currentPassword, newPassword: input.newPassword });
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
