import type { Knex } from 'knex';
import { CurrencyRate, type RateUpdateRun } from '../../models';

/** The latest rate update with the nickname of the admin behind it. */
export type LatestRateUpdate = Pick<
  RateUpdateRun,
  'trigger' | 'status' | 'provider' | 'changes' | 'refusals' | 'error' | 'created_at' | 'finished_at'
> & { admin: string | null };

/** Exchange rates as the back office keeps them; every function takes the connection or transaction to use. */
export const ratesDal = {
  /** Units of `to` per unit of `from`, as its exact decimal string, if that pair is configured. */
  async rate(db: Knex, from: string, to: string): Promise<string | undefined> {
    const row = await CurrencyRate.query(db).findOne({ from_currency: from, to_currency: to }).select('rate');
    return row?.rate;
  },

  /**
   * The latest rate update that did something or failed: a finished run, an admin setting a rate,
   * or a run still queued whose last attempt failed. Runs only queued (not yet attempted) are left out.
   */
  lastUpdate: (db: Knex): Promise<LatestRateUpdate | undefined> =>
    db('rate_update_runs as r')
      .leftJoin('users as u', 'u.id', 'r.requested_by')
      .where((where) => {
        void where.whereNot('r.status', 'queued').orWhereNotNull('r.error');
      })
      .orderByRaw('coalesce(r.finished_at, r.created_at) DESC, r.created_at DESC')
      .first<LatestRateUpdate | undefined>(
        'r.trigger',
        'r.status',
        'r.provider',
        'r.changes',
        'r.refusals',
        'r.error',
        'r.created_at',
        'r.finished_at',
        'u.nickname as admin',
      ),
};
