import { useQuery } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import type { SteamCalculateBody, TopupData } from '@topup/common/api';
import { getSteamCalculationQueryOptions } from '../../../lib/steam-calculation';

/**
 * What a Steam top-up costs in the checkout currency, commission included. The game page's data
 * carries the USD price and the USD commission; the ruble charge depends on the current rate, so
 * the server's Steam calculation answers it.
 */
export function useSteamTotal(data: TopupData | null, balanceCurrency: BalanceCurrency) {
  const amount = Number(data?.amount);
  const request: SteamCalculateBody | null =
    data?.service === 'steam' && data.input_currency !== undefined && Number.isFinite(amount) && amount > 0
      ? { amount, inputCurrency: data.input_currency, userBalanceCurrency: balanceCurrency }
      : null;
  const fallback: SteamCalculateBody = { amount: 0, inputCurrency: 'usd', userBalanceCurrency: balanceCurrency };
  return useQuery({ ...getSteamCalculationQueryOptions(request ?? fallback, true), enabled: request !== null });
}
