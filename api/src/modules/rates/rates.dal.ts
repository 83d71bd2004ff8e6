import type { Knex } from 'knex';
import { CurrencyRate } from '../../models';

/** Exchange rates as the back office keeps them; every function takes the connection or transaction to use. */
export const ratesDal = {
  /** Units of `to` per unit of `from`, as its exact decimal string, if that pair is configured. */
  async rate(db: Knex, from: string, to: string): Promise<string | undefined> {
    const row = await CurrencyRate.query(db).findOne({ from_currency: from, to_currency: to }).select('rate');
    return row?.rate;
  },
};
