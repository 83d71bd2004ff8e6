import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

export interface ActivateCodeInput {
  playerID: string;
  code: string;
}

export interface ActivateCodeResponse {
  success: boolean;
  error?: string;
}

/** POST /freefire/activate-code: credits a Free Fire code bought in the store to a player. */
export function activateFreefireCode(input: ActivateCodeInput): Promise<ActivateCodeResponse> {
  return api.post<ActivateCodeResponse>('/freefire/activate-code', input);
}

export function useActivateFreefireCode({ mutationConfig }: { mutationConfig?: MutationConfig<typeof activateFreefireCode> } = {}) {
  // An activation is not repeated behind the shopper's back: they see the outcome and decide.
  return useMutation({ retry: false, ...mutationConfig, mutationFn: activateFreefireCode });
}
