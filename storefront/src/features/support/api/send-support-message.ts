import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, SupportMessageBody, supportEndpoints } from '@topup/common/api';
import { api } from '../../../lib/api-client';

export function sendSupportMessage(input: SupportMessageBody): Promise<ResponseOf<typeof supportEndpoints.send>> {
  return api.post<ResponseOf<typeof supportEndpoints.send>>('/support', input);
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    // A signed-in writer's new message joins "My requests" at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support-messages'] }),
  });
}
