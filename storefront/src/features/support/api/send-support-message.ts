import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SupportMessageInput {
  nickname: string;
  /** The session's user id when logged in; the server links the message by the session, not this. */
  userId?: string | null;
  contact: string;
  message: string;
}

export function sendSupportMessage(input: SupportMessageInput): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/support', input);
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
