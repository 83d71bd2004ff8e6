import type { BalanceCurrency } from '@topup/common';
import type { LedgerReason } from '@topup/server-kit';
import { BaseModel } from './BaseModel';

/**
 * One balance movement. Append-only: the database refuses updates and deletes; a correction is a new,
 * opposite entry. `reference` is unique, so the same business event cannot move money twice.
 */
export class LedgerEntry extends BaseModel {
  static override tableName = 'balance_ledger';

  declare id: number;
  declare user_id: number;
  declare currency: BalanceCurrency;
  /** Signed minor units: credit > 0, debit < 0. */
  declare amount: number;
  declare balance_after: number;
  declare reason: LedgerReason;
  declare order_id: number | null;
  /** The admin behind a manual movement. */
  declare actor_id: number | null;
  declare note: string | null;
  declare reference: string;
  declare created_at: Date;
}
