import type { RelationMappings } from 'objection';
import type { BalanceCurrency, PaymentStatus } from '@topup/common';
import { BaseModel } from './BaseModel';
import { GatewayEvent } from './GatewayEvent';
import { Order } from './Order';
import { User } from './User';

/** A card payment through a gateway's hosted pay page. */
export class Payment extends BaseModel {
  static override tableName = 'payments';
  static override hasUpdatedAt = true;

  declare id: number;
  declare user_id: number;
  declare order_id: number | null;
  /** 'sandbox' or the gateway's name. */
  declare provider: string;
  /** The gateway's id; unique per provider. */
  declare provider_payment_id: string | null;
  /** Minor units, > 0. */
  declare amount: number;
  declare currency: BalanceCurrency;
  declare status: PaymentStatus;
  declare pay_url: string | null;
  declare expires_at: Date;
  declare paid_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;

  declare user?: User;
  declare order?: Order | null;
  declare events?: GatewayEvent[];

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'payments.user_id', to: 'users.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'payments.order_id', to: 'orders.id' },
    },
    events: {
      relation: BaseModel.HasManyRelation,
      modelClass: GatewayEvent,
      join: { from: 'payments.id', to: 'gateway_events.payment_id' },
    },
  });
}
