import type { Knex } from 'knex';
import { ErrorCode, formatMinor, fromMinor, type BalanceCurrency } from '@topup/common';
import { AppError } from './app-error';

/** Why a balance moved; the balance_ledger table checks the same list. */
export type LedgerReason =
  | 'admin_topup'
  | 'admin_adjustment'
  | 'order_payment'
  | 'order_refund'
  | 'late_payment_credit'
  | 'initial_grant';

export interface BalanceChange {
  userId: number;
  currency: BalanceCurrency;
  /** Signed minor units: a credit is positive, a debit negative. */
  amount: number;
  reason: LedgerReason;
  /** Names the business event (e.g. `order:42:payment`); the same reference never moves money twice. */
  reference: string;
  orderId?: number;
  actorId?: number;
  note?: string;
}

export interface LedgerEntryRow {
  id: number;
  user_id: number;
  currency: BalanceCurrency;
  amount: number;
  balance_after: number;
  reason: LedgerReason;
  order_id: number | null;
  actor_id: number | null;
  note: string | null;
  reference: string;
  created_at: Date;
}

const UNIQUE_VIOLATION = '23505';
const REFERENCE_CONSTRAINT = 'balance_ledger_reference_unique';

function insufficientBalance(required: number, available: number, currency: BalanceCurrency): AppError {
  return new AppError(
    409,
    ErrorCode.INSUFFICIENT_BALANCE,
    `You need ${formatMinor(required, currency)} but have ${formatMinor(available, currency)}`,
    { required: fromMinor(required), available: fromMinor(available), currency },
  );
}

/**
 * Moves money on a balance and appends its ledger entry, in the caller's transaction. The update is
 * conditional, so a balance can never go below zero however many requests race for it; the balance
 * row lock it takes serialises them. A reference already on the ledger is a repeat of an event that
 * was applied: nothing moves and the existing entry is returned. Two transactions racing with the
 * same reference both pass that check; the unique index then fails the later one as a whole.
 */
export async function changeBalance(trx: Knex.Transaction, change: BalanceChange): Promise<LedgerEntryRow> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
    throw new Error(`A balance change must be a non-zero integer of minor units, got ${change.amount}`);
  }
  const existing = await trx<LedgerEntryRow>('balance_ledger').where({ reference: change.reference }).first();
  if (existing) {
    if (existing.user_id !== change.userId || existing.currency !== change.currency || existing.amount !== change.amount) {
      throw new Error(`Ledger reference ${change.reference} is already used by a different movement`);
    }
    return existing;
  }

  const { rows } = await trx.raw<{ rows: Array<{ amount: number }> }>(
    `UPDATE balances SET amount = amount + :amount, updated_at = now()
      WHERE user_id = :userId AND currency = :currency AND amount + :amount >= 0
      RETURNING amount`,
    { amount: change.amount, userId: change.userId, currency: change.currency },
  );
  const updated = rows[0];
  if (!updated) {
    const balance = await trx('balances')
      .where({ user_id: change.userId, currency: change.currency })
      .first<{ amount: number } | undefined>('amount');
    // Balance rows are created with the user, so a missing one is a broken invariant, not a shortfall.
    if (!balance) throw new Error(`User ${change.userId} has no ${change.currency} balance row`);
    throw insufficientBalance(-change.amount, balance.amount, change.currency);
  }

  try {
    const [entry] = await trx<LedgerEntryRow>('balance_ledger')
      .insert({
        user_id: change.userId,
        currency: change.currency,
        amount: change.amount,
        balance_after: updated.amount,
        reason: change.reason,
        order_id: change.orderId ?? null,
        actor_id: change.actorId ?? null,
        note: change.note ?? null,
        reference: change.reference,
      })
      .returning('*');
    if (!entry) throw new Error('balance_ledger insert returned no row');
    return entry;
  } catch (err) {
    const pgError = err as { code?: string; constraint?: string };
    if (pgError.code === UNIQUE_VIOLATION && pgError.constraint === REFERENCE_CONSTRAINT) {
      throw new AppError(409, ErrorCode.CONFLICT, 'This request is already being processed. Please refresh.', {
        reference: change.reference,
      });
    }
    throw err;
  }
}
