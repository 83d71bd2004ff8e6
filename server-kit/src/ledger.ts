import type { Knex } from 'knex';
import { ErrorCode, formatMinor, fromMinor, type BalanceCurrency, type LedgerReason } from '@topup/common';
import { AppError } from './app-error';
import { prepared, sqlRefusal } from './postgres';

export type { LedgerReason };

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

const LEDGER_COLUMNS = 'id, user_id, currency, amount, balance_after, reason, order_id, actor_id, note, reference, created_at';

/** The API's answer when the SQL function change_balance refused a debit for too little money; else undefined. */
export function insufficientBalance(err: unknown): AppError | undefined {
  const refusal = sqlRefusal(err);
  if (refusal?.rule !== ErrorCode.INSUFFICIENT_BALANCE) return undefined;
  const { required, available, currency } = refusal.facts as { required: number; available: number; currency: BalanceCurrency };
  return new AppError(
    409,
    ErrorCode.INSUFFICIENT_BALANCE,
    `You need ${formatMinor(required, currency)} but have ${formatMinor(available, currency)}`,
    { required: fromMinor(required), available: fromMinor(available), currency },
  );
}

/**
 * Moves money on a balance and appends its ledger entry, in the caller's transaction, through the
 * SQL function change_balance (whose comment names its invariants): the balance never goes below
 * zero however many requests race for it, and a reference already on the ledger is a repeat of an
 * event that was applied, so nothing moves and the existing entry is returned.
 */
export async function changeBalance(trx: Knex.Transaction, change: BalanceChange): Promise<LedgerEntryRow> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
    throw new Error(`A balance change must be a non-zero integer of minor units, got ${change.amount}`);
  }
  try {
    const { rows } = await prepared(
      'change-balance',
      trx.raw<{ rows: LedgerEntryRow[] }>(`SELECT ${LEDGER_COLUMNS} FROM change_balance(?, ?, ?, ?, ?, ?, ?, ?)`, [
        change.userId,
        change.currency,
        change.amount,
        change.reason,
        change.reference,
        change.orderId ?? null,
        change.actorId ?? null,
        change.note ?? null,
      ]),
    );
    const [entry] = rows;
    if (!entry) throw new Error('change_balance returned no row');
    return entry;
  } catch (err) {
    const pgError = err as { code?: string; constraint?: string };
    // Two transactions raced with the same new reference: the later one fails as a whole.
    if (pgError.code === UNIQUE_VIOLATION && pgError.constraint === REFERENCE_CONSTRAINT) {
      throw new AppError(409, ErrorCode.CONFLICT, 'This request is already being processed. Please refresh.', {
        reference: change.reference,
      });
    }
    throw insufficientBalance(err) ?? err;
  }
}
