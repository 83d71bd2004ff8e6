import type { OrderEventKind } from '@topup/common';
import { BaseModel } from './BaseModel';

/**
 * One entry of an order's timeline. Append-only: the database refuses updates and deletes.
 * `payload` holds what the event says (a reason, the provider's answer, amounts in minor units).
 */
export class OrderEvent extends BaseModel {
  static override tableName = 'order_events';

  declare id: number;
  declare order_id: number;
  declare kind: OrderEventKind;
  /** The admin behind the event; null for the store itself. */
  declare actor_id: number | null;
  declare payload: Record<string, unknown>;
  declare request_id: string | null;
  declare created_at: Date;
}
