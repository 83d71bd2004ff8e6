import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import type { Product } from './Product';
import type { StockCode } from './StockCode';

export const ORDER_ITEM_TYPES = ['code', 'topup'] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

export const PROVIDER_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * One delivered unit of an order: a code of the code stock (a code appears in at most one order item,
 * ever) or a top-up described by topup_data.
 */
export class OrderItem extends BaseModel {
  static override tableName = 'order_items';

  declare id: number;
  declare order_id: number;
  declare item_type: OrderItemType;
  declare product_id: number | null;
  declare region_id: number | null;
  /** The code delivered (stock_codes.id); null on a top-up, and on a code item whose code went back to stock. */
  declare stock_code_id: number | null;
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
  declare stockCode?: StockCode | null;

  static override relationMappings = (): RelationMappings => ({
    product: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BaseModel.named('Product'),
      join: { from: 'order_items.product_id', to: 'products.id' },
    },
    stockCode: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BaseModel.named('StockCode'),
      join: { from: 'order_items.stock_code_id', to: 'stock_codes.id' },
    },
  });
}
