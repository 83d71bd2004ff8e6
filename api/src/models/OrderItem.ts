import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import type { GeneratedCode } from './GeneratedCode';
import type { Product } from './Product';

export const ORDER_ITEM_TYPES = ['code', 'topup'] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

export const PROVIDER_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * One delivered unit of an order: a code (at most one of code_id, generated_code_id, pubg_code_id;
 * a code appears in at most one order item, ever) or a top-up described by topup_data.
 */
export class OrderItem extends BaseModel {
  static override tableName = 'order_items';

  declare id: number;
  declare order_id: number;
  declare item_type: OrderItemType;
  declare product_id: number | null;
  declare region_id: number | null;
  declare code_id: number | null;
  declare generated_code_id: number | null;
  declare pubg_code_id: number | null;
  declare game_amount: number | null;
  /** Price in minor units of the order currency. */
  declare amount: number;
  declare price_usd: number;
  declare price_rub: number;
  /** Decimal string. */
  declare rate_used: string;
  /** Required for top-ups: service, player id or login, offer ... as validated by the API. */
  declare topup_data: Record<string, unknown> | null;
  declare provider_status: ProviderStatus | null;
  declare provider_reference: string | null;
  declare created_at: Date;

  declare product?: Product | null;
  declare generatedCode?: GeneratedCode | null;

  static override relationMappings = (): RelationMappings => ({
    product: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BaseModel.named('Product'),
      join: { from: 'order_items.product_id', to: 'products.id' },
    },
    generatedCode: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BaseModel.named('GeneratedCode'),
      join: { from: 'order_items.generated_code_id', to: 'generated_codes.id' },
    },
  });
}
