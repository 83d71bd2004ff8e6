import type { Knex } from 'knex';

/** Data access for the Steam calculation; every function takes the connection or transaction to use. */
export const steamDal = {
  /** The Steam commission in percent, as its exact decimal string ('3.00'), if the settings row exists. */
  async commissionPercent(db: Knex): Promise<string | undefined> {
    const row = await db('currency_settings')
      .where({ id: 1 })
      .first<{ steam_commission_percent: string } | undefined>('steam_commission_percent');
    return row?.steam_commission_percent;
  },
};
