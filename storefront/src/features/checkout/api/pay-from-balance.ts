import { useMutation } from '@tanstack/react-query';
import type { BalanceCurrency, OrderStatus } from '@topup/common';
import { api } from '../../../lib/api-client';

export interface PlacedOrder {
  success: boolean;
  orderId: number;
  status: OrderStatus;
}

export interface PaidFromBalance extends PlacedOrder {
  total: number;
  currency: BalanceCurrency;
}

/** Pays the whole cart from the balance; the server prices it, the client only names the currency. */
export function payFromBalance({ currency }: { currency: BalanceCurrency }): Promise<PaidFromBalance> {
  return api.post<PaidFromBalance>('/payment/from-balance', { currency });
}

export function usePayFromBalance() {
  return useMutation({ mutationFn: payFromBalance, retry: false });
}
