import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf, SteamCalculateBody, SteamCalculation, steamEndpoints } from '@topup/common/api';
import { api } from './api-client';
import { useSession } from './auth';

/* The server's price of a Steam top-up, asked by the Steam page and again by checkout. */

/** A calculation together with the request it answers, so a page never shows one for other inputs. */
export interface SteamQuote {
  request: SteamCalculateBody;
  calculation: SteamCalculation;
}

/** POST /steam/calculate (logged-in shoppers only: 401 otherwise). */
export async function calculateSteam(request: SteamCalculateBody, signal?: AbortSignal): Promise<SteamQuote> {
  const response = await api.post<ResponseOf<typeof steamEndpoints.calculate>>('/steam/calculate', request, { signal });
  return { request, calculation: response.calculation };
}

export const getSteamCalculationQueryOptions = (request: SteamCalculateBody, authenticated: boolean) =>
  queryOptions({
    // Whether a session was sent is part of the key: a 401 from before logging in is never reused.
    queryKey: ['steam', 'calculation', request.amount, request.inputCurrency, request.userBalanceCurrency, authenticated],
    queryFn: ({ signal }) => calculateSteam(request, signal),
    // Rates move at most daily; a minute-old price is re-checked by the server at payment anyway.
    staleTime: 60_000,
  });

/**
 * The calculation for `request` (null: none wanted). While a new amount is being calculated the
 * previous answer stays, so the page can keep showing it with a spinner.
 */
export function useSteamCalculation(request: SteamCalculateBody | null) {
  const authenticated = useSession() !== null;
  const fallback: SteamCalculateBody = { amount: 0, inputCurrency: 'usd', userBalanceCurrency: 'usd' };
  return useQuery({
    ...getSteamCalculationQueryOptions(request ?? fallback, authenticated),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
