import { ADJUSTMENT_REASON_MAX_LENGTH, BALANCE_CURRENCIES, hasAtMostTwoDecimals, MAX_PRICE, type BalanceCurrency } from '@topup/common';
import type { BalanceChangeBody } from '@topup/common/api';
import { parseAmount } from '../lib/money';

export const BALANCE_DIRECTIONS = ['credit', 'debit'] as const;
export type BalanceDirection = (typeof BALANCE_DIRECTIONS)[number];

export interface BalanceChangeValues {
  currency?: unknown;
  direction?: unknown;
  amount?: unknown;
  reason?: unknown;
}

const reasonOf = (values: BalanceChangeValues) => (typeof values.reason === 'string' ? values.reason.trim() : '');

/** The amount the admin typed, when it is one the API takes: above 0, at most 2 decimals. */
function amountOf(values: BalanceChangeValues): number | null {
  const amount = parseAmount(values.amount);
  return amount !== null && amount > 0 && amount <= MAX_PRICE && hasAtMostTwoDecimals(amount) ? amount : null;
}

/** Form-level check: an amount above 0 and a reason (the ledger keeps it). */
export function validateBalanceChange(values: BalanceChangeValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (amountOf(values) === null) errors.amount = 'resources.users.balance.amount_positive';
  const reason = reasonOf(values);
  if (!reason) errors.reason = 'resources.users.balance.reason_required';
  else if (reason.length > ADJUSTMENT_REASON_MAX_LENGTH) errors.reason = 'resources.users.balance.reason_too_long';
  return errors;
}

/** The body of `POST /api/admin/users/:id/balance-changes`: a debit is sent as a negative amount. */
export function balanceChangeBody(values: BalanceChangeValues): BalanceChangeBody | null {
  const amount = amountOf(values);
  const currency = BALANCE_CURRENCIES.find((candidate) => candidate === values.currency) as BalanceCurrency | undefined;
  if (amount === null || !currency || Object.keys(validateBalanceChange(values)).length > 0) return null;
  return { currency, amount: values.direction === 'debit' ? -amount : amount, reason: reasonOf(values) };
}
