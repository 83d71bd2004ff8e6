import type { SupplierOrderStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

export { SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from '@topup/common';

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
  /** The cost in minor units of the order's currency, converted when it was delivered; null: no cost, or no rate. */
  declare sale_cost: number | null;
  /** Units of the order's currency per unit of cost_currency that sale_cost was converted at. */
  declare cost_rate: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}
