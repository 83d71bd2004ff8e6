import { BaseModel } from './BaseModel';

/**
 * Units of `to_currency` per unit of `from_currency` (lowercase ISO codes: 'usd', 'rub', 'kzt'). One row
 * per pair, either way round: the other direction is derived by dividing (convertMinorInverse).
 */
export class CurrencyRate extends BaseModel {
  static override tableName = 'currency_rates';
  static override hasUpdatedAt = true;

  declare id: number;
  declare from_currency: string;
  declare to_currency: string;
  /** numeric(18,6) as a decimal string ("79.000000"): use convertMinor from @topup/common, never a float. */
  declare rate: string;
  /** Refreshed by the daily rate-update job when true. */
  declare auto_update: boolean;
  declare updated_at: Date;
  /** When the feed or an admin last confirmed the rate, changed or not. */
  declare checked_at: Date;
  /** When the rate's value last changed. */
  declare changed_at: Date;
}
