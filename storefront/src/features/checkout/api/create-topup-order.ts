import { useMutation } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';
import type { TopupData } from '../../../types/api';
import type { PlacedOrder } from './pay-from-balance';

export interface TopupOrderInput {
  topupData: TopupData;
  currency: BalanceCurrency;
}

export const TOPUP_ORDER_PATH = '/orders/topup';

/** A game top-up paid from the balance; the server prices and verifies it again. */
export function createTopupOrder({ idempotencyKey, ...input }: WithIdempotencyKey<TopupOrderInput>): Promise<PlacedOrder> {
  return api.post<PlacedOrder>(TOPUP_ORDER_PATH, input, { headers: idempotencyHeaders(idempotencyKey) });
}

export function useCreateTopupOrder() {
  // Retried with the same key only: the server charges once and replays its first answer.
  return useMutation({ mutationFn: createTopupOrder, retry: retryMoneyCall, retryDelay: moneyRetryDelay });
}
