import { BaseModel } from './BaseModel';

/**
 * Where an attempt stands: 'creating' (sent, no answer known: looked up by our reference before anything
 * else), 'pending' (the supplier took it and has not finished), 'succeeded', 'failed' (for good).
 */
export const SUPPLIER_ORDER_STATUSES = ['creating', 'pending', 'succeeded', 'failed'] as const;
export type SupplierOrderStatus = (typeof SUPPLIER_ORDER_STATUSES)[number];

/** One attempt to have a supplier deliver (a package of) an order item; the order's timeline shows each. */
export class SupplierOrder extends BaseModel {
  static override tableName = 'supplier_orders';
  static override hasUpdatedAt = true;

  declare id: number;
  declare order_id: number;
  declare order_item_id: number;
  /** The package of topup_data.packages it credits; null: the whole item. */
  declare package_index: number | null;
  declare attempt: number;
  declare supplier_id: number;
  declare supplier_product_id: number | null;
  /** Ours, sent with the create: `<order item>-<attempt>`. */
  declare reference: string;
  declare supplier_order_id: string | null;
  declare status: SupplierOrderStatus;
  declare reason: string | null;
  declare detail: string | null;
  /** What the supplier charged, in minor units of cost_currency. */
  declare cost: number | null;
  declare cost_currency: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
