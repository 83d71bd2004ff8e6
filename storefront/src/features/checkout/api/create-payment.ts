import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentBody, PaymentStarted } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';

export const CREATE_PAYMENT_PATH = '/payment/create';

/** Places the order as awaiting payment and answers the gateway page to send the browser to. */
export function createPayment({ idempotencyKey, ...input }: WithIdempotencyKey<CreatePaymentBody>): Promise<PaymentStarted> {
  return api.post<PaymentStarted>(CREATE_PAYMENT_PATH, input, { headers: idempotencyHeaders(idempotencyKey) });
}

export function useCreatePayment() {
  // Retried with the same key only: the server runs the first request once and replays its answer.
  return useMutation({ mutationFn: createPayment, retry: retryMoneyCall, retryDelay: moneyRetryDelay });
}
