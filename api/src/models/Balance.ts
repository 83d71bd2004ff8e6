import type { RelationMappings } from 'objection';
import type { BalanceCurrency } from '@topup/common';
import { BaseModel } from './BaseModel';
import { User } from './User';

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

  declare user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'balances.user_id', to: 'users.id' },
    },
  });
}
