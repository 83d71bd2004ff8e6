import type { RelationMappings } from 'objection';
import type { PubgCodeStatus } from '@topup/common';
import { BaseModel } from './BaseModel';
import { Order } from './Order';
import { PubgDenomination } from './PubgDenomination';

/** A UC code the store redeems on a shopper's PUBG account. 'error': the provider rejected it. */
export class PubgCode extends BaseModel {
  static override tableName = 'pubg_codes';

  declare id: number;
  declare denomination_id: number;
  declare code_encrypted: string;
  declare code_hash: string;
  declare status: PubgCodeStatus;
  declare order_id: number | null;
  declare error_message: string | null;
  declare used_at: Date | null;
  declare created_at: Date;

  declare denomination?: PubgDenomination;
  declare order?: Order | null;

  static override relationMappings = (): RelationMappings => ({
    denomination: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: PubgDenomination,
      join: { from: 'pubg_codes.denomination_id', to: 'pubg_denominations.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'pubg_codes.order_id', to: 'orders.id' },
    },
  });
}
