import { BaseModel } from './BaseModel';

/** The single settings row (id 1). */
export class CurrencySettings extends BaseModel {
  static override tableName = 'currency_settings';
  static override hasUpdatedAt = true;

  static readonly SINGLETON_ID = 1;

  declare id: number;
  /** numeric(5,2) as a decimal string ("3.00"). */
  declare steam_commission_percent: string;
  declare rates_auto_update: boolean;
  /** numeric(6,2) as a decimal string ("10.00"): a rate change larger than this needs confirming. */
  declare rate_change_confirm_percent: string;
  declare updated_at: Date;
  /** Where a failed delivery of a card-paid top-up is refunded: the balance, or the card (when the gateway can refund). */
  declare failed_card_topup_refund_to: 'balance' | 'card';
}
