import { useMutation } from '@tanstack/react-query';
import type { CheckoutAnswer, FromBalanceBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';

export const FROM_BALANCE_PATH = '/payment/from-balance';

/** Pays the whole cart from the balance; the server prices it, the client only names the currency and any promo code. */
export function payFromBalance({ currency, promoCode, idempotencyKey }: WithIdempotencyKey<FromBalanceBody>): Promise<CheckoutAnswer> {
  return api.post<CheckoutAnswer>(FROM_BALANCE_PATH, { currency, ...(promoCode ? { promoCode } : {}) }, { headers: idempotencyHeaders(idempotencyKey) });
}

export function usePayFromBalance() {
  // Retried with the same key only: the server charges once and replays its first answer.
  return useMutation({ mutationFn: payFromBalance, retry: retryMoneyCall, retryDelay: moneyRetryDelay });
}
