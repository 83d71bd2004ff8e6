import type { Knex } from 'knex';
import { CurrencySettings } from '../../models';

/** Data access for the Steam calculation; every function takes the connection or transaction to use. */
export const steamDal = {
  /** The Steam commission in percent, as its exact decimal string ('3.00'), if the settings row exists. */
  async commissionPercent(db: Knex): Promise<string | undefined> {
    const row = await CurrencySettings.columnsOf(db, CurrencySettings.SINGLETON_ID, ['steam_commission_percent']);
    return row?.steam_commission_percent;
  },
};
