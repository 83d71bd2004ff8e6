import type { RelationMappings } from 'objection';
import type { CodeStatus } from '@topup/common';
import { BaseModel } from './BaseModel';
import { CodeGenerationRequest } from './CodeGenerationRequest';
import { FreefireDenomination } from './FreefireDenomination';
import { Order } from './Order';
import { Product } from './Product';

/** A Free Fire code the store generated. Shoppers only see published ones. Stored encrypted like manual codes. */
export class GeneratedCode extends BaseModel {
  static override tableName = 'generated_codes';

  declare id: number;
  declare denomination_id: number;
  /** The Free Fire product. */
  declare product_id: number;
  declare generation_request_id: string | null;
  declare code_encrypted: string;
  declare code_hash: string;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  declare status: CodeStatus;
  declare published: boolean;
  declare order_id: number | null;
  declare reserved_until: Date | null;
  declare sold_at: Date | null;
  /** The player credited by this code; a code credits once. */
  declare activated_player_id: string | null;
  declare activated_at: Date | null;
  declare created_at: Date;

  declare denomination?: FreefireDenomination;
  declare product?: Product;
  declare generationRequest?: CodeGenerationRequest | null;
  declare order?: Order | null;

  static override relationMappings = (): RelationMappings => ({
    denomination: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: FreefireDenomination,
      join: { from: 'generated_codes.denomination_id', to: 'freefire_denominations.id' },
    },
    product: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Product,
      join: { from: 'generated_codes.product_id', to: 'products.id' },
    },
    generationRequest: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: CodeGenerationRequest,
      join: { from: 'generated_codes.generation_request_id', to: 'code_generation_requests.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'generated_codes.order_id', to: 'orders.id' },
    },
  });
}
