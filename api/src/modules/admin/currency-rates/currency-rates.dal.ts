import type { Knex } from 'knex';
import { CurrencyRate, CurrencySettings, RateUpdateRun, type RowOf } from '../../../models';

const SETTINGS_COLUMNS = ['steam_commission_percent', 'rates_auto_update', 'failed_card_topup_refund_to', 'updated_at'] as const;

/** The settings as the back office reads and writes them. */
export type StoredCurrencySettings = Pick<CurrencySettings, (typeof SETTINGS_COLUMNS)[number]>;

const RATE_COLUMNS = ['id', 'from_currency', 'to_currency', 'rate', 'auto_update', 'updated_at'] as const;
const SETTINGS_ID = CurrencySettings.SINGLETON_ID;

/** Exchange rates, currency settings and rate-update runs; every function takes the connection or transaction to use. */
export const currencyRatesDal = {
  /** The rates table as a list query, for the admin list protocol. */
  listQuery: (db: Knex) => db('currency_rates').select(RATE_COLUMNS),

  find: (db: Knex, id: number) => CurrencyRate.query(db).findById(id),

  /** One rate, locked until the transaction ends. */
  lock: (trx: Knex.Transaction, id: number) => CurrencyRate.query(trx).findById(id).forUpdate(),

  /** Every rate the daily update may change, locked, in id order (so two runs lock in the same order). */
  lockAutoUpdated: (trx: Knex.Transaction) => CurrencyRate.query(trx).where({ auto_update: true }).orderBy('id').forUpdate(),

  async update(
    trx: Knex.Transaction,
    id: number,
    changes: Partial<Pick<CurrencyRate, 'rate' | 'auto_update'>>,
  ): Promise<RowOf<CurrencyRate>> {
    const [row] = await trx('currency_rates')
      .where({ id })
      .update({ ...changes, updated_at: trx.fn.now() })
      .returning<Array<RowOf<CurrencyRate>>>(RATE_COLUMNS);
    if (!row) throw new Error(`currency rate ${id} vanished while locked`);
    return row;
  },

  settings: (db: Knex) => CurrencySettings.columnsOf(db, SETTINGS_ID, SETTINGS_COLUMNS),

  lockSettings: (trx: Knex.Transaction) => CurrencySettings.columnsOf(trx, SETTINGS_ID, SETTINGS_COLUMNS, { lock: true }),

  /** Writes the fields given, creating the settings row (with the column defaults for the rest) if missing. */
  async saveSettings(
    trx: Knex.Transaction,
    changes: Partial<Omit<StoredCurrencySettings, 'updated_at'>>,
  ): Promise<StoredCurrencySettings> {
    const [row] = await trx('currency_settings')
      .insert({ id: SETTINGS_ID, ...changes, updated_at: trx.fn.now() })
      .onConflict('id')
      .merge([...Object.keys(changes), 'updated_at'])
      .returning<StoredCurrencySettings[]>(SETTINGS_COLUMNS);
    if (!row) throw new Error('currency settings upsert returned no row');
    return row;
  },

  /** Records a run if its key is new; an existing run (a duplicate delivery) is left as it is. */
  async insertRun(
    db: Knex,
    run: Pick<RateUpdateRun, 'run_key' | 'trigger'> & Partial<Pick<RateUpdateRun, 'id' | 'requested_by'>>,
  ): Promise<void> {
    await db('rate_update_runs').insert(run).onConflict('run_key').ignore();
  },

  findRun: (db: Knex, runKey: string) => RateUpdateRun.query(db).findOne({ run_key: runKey }),

  lockRun: (trx: Knex.Transaction, runKey: string) => RateUpdateRun.query(trx).findOne({ run_key: runKey }).forUpdate(),

  finishRun: (
    trx: Knex.Transaction,
    runKey: string,
    outcome: Pick<RateUpdateRun, 'provider'> & { status: 'completed' | 'skipped'; updated: number },
  ) =>
    trx('rate_update_runs')
      .where({ run_key: runKey })
      .update({ ...outcome, error: null, finished_at: trx.fn.now() }),

  /** Notes why an attempt failed; the run is failed only when no retry is left. Never touches a finished run. */
  failRun: (db: Knex, runKey: string, error: string, final: boolean) =>
    db('rate_update_runs')
      .where({ run_key: runKey })
      .whereIn('status', ['queued', 'failed'])
      .update({ error, ...(final ? { status: 'failed' } : {}) }),
};
