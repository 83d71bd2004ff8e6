import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Balances, BalanceTopupBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';

/** An admin credits their own balance (the profile's top-up dialog); answers with the new balances. */
export function topUpBalance(input: BalanceTopupBody): Promise<Balances> {
  return api.post<Balances>('/balance/topup', input);
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
