import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';
import type { PaymentMethod } from '../utils/checkout';

/** GET /payment/methods: what the configured gateway takes, and how it charges. */
export interface PaymentOptions {
  /** 'balance' always, then what the gateway offers ('card', 'sbp'). */
  methods: PaymentMethod[];
  provider: string;
  /** The one currency the gateway charges in (a USD order is charged its RUB total), or null: the order's own. */
  charge_currency: BalanceCurrency | null;
  /** USD -> RUB rate an order placed now is locked at (decimal string), when the store has one. */
  rate_usd_rub: string | null;
  /** The gateway sends a fiscal receipt: the checkout asks for an email. */
  receipt_email_required: boolean;
  refunds_to_card: boolean;
}

export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentOptions> {
  return api.get<PaymentOptions>('/payment/methods', { signal });
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
