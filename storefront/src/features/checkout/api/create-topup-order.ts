import { useMutation } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from '../../../lib/api-client';
import type { TopupData } from '../../../types/api';
import type { PlacedOrder } from './pay-from-balance';

export interface TopupOrderInput {
  topupData: TopupData;
  currency: BalanceCurrency;
}

/** A game top-up paid from the balance; the server prices and verifies it again. */
export function createTopupOrder(input: TopupOrderInput): Promise<PlacedOrder> {
  return api.post<PlacedOrder>('/orders/topup', input);
}

export function useCreateTopupOrder() {
  return useMutation({ mutationFn: createTopupOrder, retry: false });
}
