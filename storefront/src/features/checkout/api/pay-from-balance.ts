import { useMutation } from '@tanstack/react-query';
import type { BalanceCurrency, OrderStatus } from '@topup/common';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';

export interface PlacedOrder {
  success: boolean;
  orderId: number;
  status: OrderStatus;
}

export interface PaidFromBalance extends PlacedOrder {
  total: number;
  currency: BalanceCurrency;
}

export const FROM_BALANCE_PATH = '/payment/from-balance';

/** Pays the whole cart from the balance; the server prices it, the client only names the currency. */
export function payFromBalance({ currency, idempotencyKey }: WithIdempotencyKey<{ currency: BalanceCurrency }>): Promise<PaidFromBalance> {
  return api.post<PaidFromBalance>(FROM_BALANCE_PATH, { currency }, { headers: idempotencyHeaders(idempotencyKey) });
}

export function usePayFromBalance() {
  // Retried with the same key only: the server charges once and replays its first answer.
  return useMutation({ mutationFn: payFromBalance, retry: retryMoneyCall, retryDelay: moneyRetryDelay });
}
