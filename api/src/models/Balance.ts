import type { BalanceCurrency } from '@topup/common';
import { BaseModel } from './BaseModel';

/** A user's money in one currency. Change it only together with a LedgerEntry, in one transaction. */
export class Balance extends BaseModel {
  static override tableName = 'balances';
  static override idColumn = ['user_id', 'currency'];
  static override hasUpdatedAt = true;

  declare user_id: number;
  declare currency: BalanceCurrency;
  /** Minor units, never negative (CHECK). */
  declare amount: number;
  declare updated_at: Date;
}
