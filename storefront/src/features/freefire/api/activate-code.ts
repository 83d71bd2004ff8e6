import { useMutation } from '@tanstack/react-query';
import type { ActivateCodeBody, CodeActivation } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';
import type { MutationConfig } from '../../../lib/react-query';

export const ACTIVATE_CODE_PATH = '/freefire/activate-code';

/** POST /freefire/activate-code: credits a Free Fire code bought in the store to a player, once per key. */
export function activateFreefireCode({ idempotencyKey, ...input }: WithIdempotencyKey<ActivateCodeBody>): Promise<CodeActivation> {
  return api.post<CodeActivation>(ACTIVATE_CODE_PATH, input, { headers: idempotencyHeaders(idempotencyKey) });
}

export function useActivateFreefireCode({ mutationConfig }: { mutationConfig?: MutationConfig<typeof activateFreefireCode> } = {}) {
  // Only a lost answer or "still running" is retried, with the same key: the server activates once.
  return useMutation({ retry: retryMoneyCall, retryDelay: moneyRetryDelay, ...mutationConfig, mutationFn: activateFreefireCode });
}
