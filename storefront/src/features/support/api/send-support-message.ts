import { useMutation } from '@tanstack/react-query';
import type { ResponseOf, SupportMessageBody, supportEndpoints } from '@topup/common/api';
import { api } from '../../../lib/api-client';

export function sendSupportMessage(input: SupportMessageBody): Promise<ResponseOf<typeof supportEndpoints.send>> {
  return api.post<ResponseOf<typeof supportEndpoints.send>>('/support', input);
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
