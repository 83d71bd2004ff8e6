import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethods } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /payment/methods: what the configured gateway takes, and how it charges. */
export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentMethods> {
  return api.get<PaymentMethods>('/payment/methods', { signal });
}

export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
    // The rate in it prices the charged amount: look again whenever a checkout opens.
    staleTime: 0,
    refetchOnMount: true,
  });

export function usePaymentMethods({ queryConfig }: { queryConfig?: QueryConfig<typeof getPaymentMethodsQueryOptions> } = {}) {
  return useQuery({ ...getPaymentMethodsQueryOptions(), ...queryConfig });
}
