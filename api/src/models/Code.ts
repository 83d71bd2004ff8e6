import type { RelationMappings } from 'objection';
import type { CodeStatus } from '@topup/common';
import { BaseModel } from './BaseModel';
import { Order } from './Order';
import { Product } from './Product';
import { Region } from './Region';

/**
 * A manual activation code (gift card, wallet code). The code itself is only ever stored encrypted:
 * decrypt with server-kit/src/code-crypto.ts for the order's owner, and record the reveal.
 */
export class Code extends BaseModel {
  static override tableName = 'codes';

  declare id: number;
  declare product_id: number;
  /** null: a global code. */
  declare region_id: number | null;
  declare code_encrypted: string;
  declare code_hash: string;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  /** 'reserved' needs order_id and reserved_until; 'used' needs order_id (CHECK). */
  declare status: CodeStatus;
  declare popular: boolean;
  declare order_id: number | null;
  declare reserved_until: Date | null;
  declare sold_at: Date | null;
  declare created_at: Date;

  declare product?: Product;
  declare region?: Region | null;
  declare order?: Order | null;

  static override relationMappings = (): RelationMappings => ({
    product: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Product,
      join: { from: 'codes.product_id', to: 'products.id' },
    },
    region: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Region,
      join: { from: 'codes.region_id', to: 'regions.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'codes.order_id', to: 'orders.id' },
    },
  });
}
