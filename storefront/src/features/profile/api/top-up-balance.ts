import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from '../../../lib/api-client';
import type { BalanceEntry } from '../../../lib/balance';

export interface TopUpBalanceInput {
  currency: BalanceCurrency;
  /** Decimal, at least 5. */
  amount: number;
}

/** An admin credits their own balance (the profile's top-up dialog); answers with the new balances. */
export function topUpBalance(input: TopUpBalanceInput): Promise<BalanceEntry[]> {
  return api.post<BalanceEntry[]>('/balance/topup', input);
}

export function useTopUpBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpBalance,
    // Money: never sent twice by an automatic retry.
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['balance'], refetchType: 'all' });
    },
  });
}
