import { useMutation } from '@tanstack/react-query';
import type { TopupOrderAnswer, TopupOrderBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';

export const TOPUP_ORDER_PATH = '/orders/topup';

/** A game top-up paid from the balance; the server prices and verifies it again. */
export function createTopupOrder({ idempotencyKey, ...input }: WithIdempotencyKey<TopupOrderBody>): Promise<TopupOrderAnswer> {
  return api.post<TopupOrderAnswer>(TOPUP_ORDER_PATH, input, { headers: idempotencyHeaders(idempotencyKey) });
}

export function useCreateTopupOrder() {
  // Retried with the same key only: the server charges once and replays its first answer.
  return useMutation({ mutationFn: createTopupOrder, retry: retryMoneyCall, retryDelay: moneyRetryDelay });
}
