import { BaseModel } from './BaseModel';

/** A verified gateway callback, stored before it is applied; (provider, provider_event_id) is unique. */
export class GatewayEvent extends BaseModel {
  static override tableName = 'gateway_events';

  declare id: number;
  declare provider: string;
  declare provider_event_id: string;
  declare payment_id: number | null;
  declare event_type: string;
  declare payload: Record<string, unknown>;
  declare received_at: Date;
  /** Set once the payment-callback job has applied it. */
  declare processed_at: Date | null;
}
