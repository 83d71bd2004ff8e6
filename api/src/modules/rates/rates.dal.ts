import type { Knex } from 'knex';

/** Exchange rates as the back office keeps them; every function takes the connection or transaction to use. */
export const ratesDal = {
  /** Units of `to` per unit of `from`, as its exact decimal string, if that pair is configured. */
  async rate(db: Knex, from: string, to: string): Promise<string | undefined> {
    const row = await db('currency_rates')
      .where({ from_currency: from, to_currency: to })
      .first<{ rate: string } | undefined>('rate');
    return row?.rate;
  },
};
