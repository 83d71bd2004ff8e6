import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountEmail, ChangeEmailBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** Sets, changes or (null) removes the account's address; a new one is mailed a link that confirms it. */
export function changeEmail(body: ChangeEmailBody): Promise<AccountEmail> {
  return api.put<AccountEmail>('/profile/email', body);
}

export function useChangeEmail({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changeEmail> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: changeEmail,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      return onSuccess?.(...args);
    },
  });
}
