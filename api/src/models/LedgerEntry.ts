import type { RelationMappings } from 'objection';
import type { BalanceCurrency } from '@topup/common';
import type { LedgerReason } from '@topup/server-kit';
import { BaseModel } from './BaseModel';
import { Order } from './Order';
import { User } from './User';

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

  declare user?: User;
  declare actor?: User | null;
  declare order?: Order | null;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'balance_ledger.user_id', to: 'users.id' },
    },
    actor: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'balance_ledger.actor_id', to: 'users.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'balance_ledger.order_id', to: 'orders.id' },
    },
  });
}
