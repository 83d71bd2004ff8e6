import type { Knex } from 'knex';
import { CurrencyRate, CurrencySettings, RateUpdateRun, type RateUpdateChange, type RateUpdateRefusal, type RowOf } from '../../../models';

const SETTINGS_COLUMNS = [
  'steam_commission_percent',
  'rates_auto_update',
  'rate_change_confirm_percent',
  'failed_card_topup_refund_to',
  'updated_at',
] as const;

/** The settings as the back office reads and writes them. */
export type StoredCurrencySettings = Pick<CurrencySettings, (typeof SETTINGS_COLUMNS)[number]>;

const RATE_COLUMNS = ['id', 'from_currency', 'to_currency', 'rate', 'auto_update', 'checked_at', 'changed_at', 'updated_at'] as const;

/** What a write to a rate also says: the rate was confirmed (checked), and its value changed. */
export interface RateWrite {
  rate?: string;
  auto_update?: boolean;
  checked?: boolean;
  changed?: boolean;
}
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

  /** Writes a rate; checked_at and changed_at move only when the write says so. */
  async update(trx: Knex.Transaction, id: number, { checked, changed, ...columns }: RateWrite): Promise<RowOf<CurrencyRate>> {
    const [row] = await trx('currency_rates')
      .where({ id })
      .update({
        ...columns,
        ...(checked ? { checked_at: trx.fn.now() } : {}),
        ...(changed ? { changed_at: trx.fn.now() } : {}),
        updated_at: trx.fn.now(),
      })
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

  /** An admin's rate setting, as a finished rate update of its own (for the dashboard's last update). */
  recordAdminUpdate: (trx: Knex.Transaction, run: { id: string; requestedBy: number; changes: RateUpdateChange[] }) =>
    trx('rate_update_runs').insert({
      id: run.id,
      run_key: `admin:${run.id}`,
      trigger: 'admin',
      status: 'completed',
      updated: run.changes.length,
      changes: JSON.stringify(run.changes),
      requested_by: run.requestedBy,
      finished_at: trx.fn.now(),
    }),

  findRun: (db: Knex, runKey: string) => RateUpdateRun.query(db).findOne({ run_key: runKey }),

  lockRun: (trx: Knex.Transaction, runKey: string) => RateUpdateRun.query(trx).findOne({ run_key: runKey }).forUpdate(),

  finishRun: (
    trx: Knex.Transaction,
    runKey: string,
    outcome: Pick<RateUpdateRun, 'provider'> & {
      status: 'completed' | 'skipped';
      updated: number;
      changes?: RateUpdateChange[];
      refusals?: RateUpdateRefusal[];
    },
  ) => {
    const { changes = [], refusals = [], ...columns } = outcome;
    return trx('rate_update_runs')
      .where({ run_key: runKey })
      .update({ ...columns, changes: JSON.stringify(changes), refusals: JSON.stringify(refusals), error: null, finished_at: trx.fn.now() });
  },

  /** Notes why an attempt failed; the run is failed only when no retry is left. Never touches a finished run. */
  failRun: (db: Knex, runKey: string, error: string, final: boolean) =>
    db('rate_update_runs')
      .where({ run_key: runKey })
      .whereIn('status', ['queued', 'failed'])
      .update({ error, ...(final ? { status: 'failed' } : {}) }),
};
