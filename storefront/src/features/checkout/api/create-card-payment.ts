import { useMutation } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from '../../../lib/api-client';

export interface CardPaymentInput {
  /** The cart total the shopper saw, in `currency`; the server refuses it if its own total differs. */
  amount: number;
  currency: BalanceCurrency;
  type: 'order';
}

export interface CardPaymentStarted {
  /** The gateway's hosted pay page. */
  pay_url: string;
  orderId: number;
}

/** Starts a card payment for the whole cart (card payment is for cart orders only). */
export function createCardPayment(input: CardPaymentInput): Promise<CardPaymentStarted> {
  return api.post<CardPaymentStarted>('/payment/create', input);
}

export function useCreateCardPayment() {
  return useMutation({ mutationFn: createCardPayment, retry: false });
}
