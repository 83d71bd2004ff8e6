import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethods } from '@topup/common/api';
import { useCallback } from 'react';
import { api } from './api-client';
import { type Currency, pickPrice, pickSalePrice } from './currency';
import type { QueryConfig } from './react-query';

/** GET /payment/methods: what the configured gateways take, for which currencies, how they charge, and the rates. */
export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentMethods> {
  return api.get<PaymentMethods>('/payment/methods', { signal });
}

export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
    // The rates in it price the charged amount and UZS prices: look again whenever a page needing them opens.
    staleTime: 0,
    refetchOnMount: true,
  });

export function usePaymentMethods({ queryConfig }: { queryConfig?: QueryConfig<typeof getPaymentMethodsQueryOptions> } = {}) {
  return useQuery({ ...getPaymentMethodsQueryOptions(), ...queryConfig });
}

/** An option's price in `currency`: UZS from its USD price at the store's USD->UZS rate (NaN until the rate is known). */
export function usePriceOf(currency: Currency): (option: { price_usd: unknown; price_rub: unknown }) => number {
  const rate = usePaymentMethods({ queryConfig: { enabled: currency === 'UZS' } }).data?.rate_usd_uzs;
  return useCallback((option) => pickPrice(option, currency, rate), [currency, rate]);
}

/** An option's price after its promotion's sale and its list price in `currency` (pickSalePrice); UZS from USD at the store's rate. */
export function useSalePriceOf(currency: Currency): (option: Parameters<typeof pickSalePrice>[0]) => { price: number; listPrice: number } {
  const rate = usePaymentMethods({ queryConfig: { enabled: currency === 'UZS' } }).data?.rate_usd_uzs;
  return useCallback((option) => pickSalePrice(option, currency, rate), [currency, rate]);
}
