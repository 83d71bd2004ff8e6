import { useQuery } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import type { TopupData } from '../../../types/api';
import { getSteamCalculationQueryOptions, type SteamCalculationRequest } from '../../../lib/steam-calculation';

/**
 * What a Steam top-up costs in the checkout currency, commission included. The game page's data
 * carries the USD price and the USD commission; the ruble charge depends on the current rate, so
 * the server's Steam calculation answers it.
 */
export function useSteamTotal(data: TopupData | null, balanceCurrency: BalanceCurrency) {
  const amount = Number(data?.amount);
  const request: SteamCalculationRequest | null =
    data?.service === 'steam' && Number.isFinite(amount) && amount > 0
      ? { amount, inputCurrency: data.input_currency, userBalanceCurrency: balanceCurrency }
      : null;
  const fallback: SteamCalculationRequest = { amount: 0, inputCurrency: 'usd', userBalanceCurrency: balanceCurrency };
  return useQuery({ ...getSteamCalculationQueryOptions(request ?? fallback, true), enabled: request !== null });
}
