import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceCurrency, SteamInputCurrency } from '@topup/common';
import { api } from './api-client';
import { useSession } from './auth';

/* The server's price of a Steam top-up, asked by the Steam page and again by checkout. */

export interface SteamCalculationRequest {
  amount: number;
  inputCurrency: SteamInputCurrency;
  userBalanceCurrency: BalanceCurrency;
}

/** The server's price for a Steam top-up: the amount in USD, the commission (USD), the total in the balance currency. */
export interface SteamCalculation {
  amountInUSD: number;
  amountInUserCurrency: number;
  commission: number;
}

interface SteamCalculateResponse {
  success: boolean;
  calculation: SteamCalculation;
}

/** A calculation together with the request it answers, so a page never shows one for other inputs. */
export interface SteamQuote {
  request: SteamCalculationRequest;
  calculation: SteamCalculation;
}

/** POST /steam/calculate (logged-in shoppers only: 401 otherwise). */
export async function calculateSteam(request: SteamCalculationRequest, signal?: AbortSignal): Promise<SteamQuote> {
  const response = await api.post<SteamCalculateResponse>('/steam/calculate', request, { signal });
  return { request, calculation: response.calculation };
}

export const getSteamCalculationQueryOptions = (request: SteamCalculationRequest, authenticated: boolean) =>
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
export function useSteamCalculation(request: SteamCalculationRequest | null) {
  const authenticated = useSession() !== null;
  const fallback: SteamCalculationRequest = { amount: 0, inputCurrency: 'usd', userBalanceCurrency: 'usd' };
  return useQuery({
    ...getSteamCalculationQueryOptions(request ?? fallback, authenticated),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
