import { useMutation } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, moneyRetryDelay, retryMoneyCall, type WithIdempotencyKey } from '../../../lib/idempotency';
import type { TopupData } from '../../../types/api';

/** How the gateway is paid: a bank card or the Faster Payments System (SBP). */
export type GatewayMethod = 'card' | 'sbp';

interface GatewayPaymentCommon {
  currency: BalanceCurrency;
  method: GatewayMethod;
  /** Where the fiscal receipt goes, when the gateway sends one (GET /payment/methods says so). */
  email?: string;
}

/**
 * POST /payment/create: the whole cart (`order`, with the total the shopper saw: the server refuses it
 * if its own total differs) or one game top-up (`topup`, the same topupData POST /orders/topup takes).
 */
export type GatewayPaymentInput =
  | (GatewayPaymentCommon & { type: 'order'; amount: number })
  | (GatewayPaymentCommon & { type: 'topup'; topupData: TopupData });

export interface GatewayPaymentStarted {
  /** The gateway's hosted pay page. */
  pay_url: string;
  orderId: number;
}

export const CREATE_PAYMENT_PATH = '/payment/create';

/** Places the order as awaiting payment and answers the gateway page to send the browser to. */
export function createPayment({ idempotencyKey, ...input }: WithIdempotencyKey<GatewayPaymentInput>): Promise<GatewayPaymentStarted> {
  return api.post<GatewayPaymentStarted>(CREATE_PAYMENT_PATH, input, { headers: idempotencyHeaders(idempotencyKey) });
}

export function useCreatePayment() {
  // Retried with the same key only: the server runs the first request once and replays its answer.
  return useMutation({ mutationFn: createPayment, retry: retryMoneyCall, retryDelay: moneyRetryDelay });
}
