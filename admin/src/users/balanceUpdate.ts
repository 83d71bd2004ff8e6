import { ADJUSTMENT_REASON_MAX_LENGTH, toMinor } from '@topup/common';
import type { UpdateUserBody } from '@topup/common/api';
import { parseAmount } from '../lib/money';

export const BALANCE_FIELDS = ['balanceUsd', 'balanceRub'] as const;
export type BalanceField = (typeof BALANCE_FIELDS)[number];

export interface BalanceFormValues {
  balanceUsd?: unknown;
  balanceRub?: unknown;
  reason?: unknown;
}

/**
 * The balances the admin changed, compared in whole cents. Only those are sent: sending an unchanged
 * balance back would undo a purchase the user made while the page was open.
 */
export function changedBalances(previous: BalanceFormValues, values: BalanceFormValues): Partial<Record<BalanceField, number>> {
  const changes: Partial<Record<BalanceField, number>> = {};
  for (const field of BALANCE_FIELDS) {
    const next = parseAmount(values[field]);
    const before = parseAmount(previous[field]);
    if (next === null || next < 0) continue;
    if (before === null || toMinor(next) !== toMinor(before)) changes[field] = next;
  }
  return changes;
}

/** The body of `PUT /api/admin/users/:id` for the form's values (only the balances that change, and why), or null when no balance changes. */
export function balanceUpdate(previous: BalanceFormValues, values: BalanceFormValues): UpdateUserBody | null {
  const changes = changedBalances(previous, values);
  if (Object.keys(changes).length === 0) return null;
  return { ...changes, reason: typeof values.reason === 'string' ? values.reason.trim() : '' };
}

/** Form-level check: a reason is required as soon as a balance changes (the ledger keeps it). */
export function validateBalanceForm(previous: BalanceFormValues, values: BalanceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (Object.keys(changedBalances(previous, values)).length > 0 && !reason) {
    errors.reason = 'resources.users.balance.reason_required';
  }
  if (reason.length > ADJUSTMENT_REASON_MAX_LENGTH) errors.reason = 'resources.users.balance.reason_too_long';
  return errors;
}
