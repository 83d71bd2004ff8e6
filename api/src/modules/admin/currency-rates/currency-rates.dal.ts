import type { Knex } from 'knex';

export interface CurrencyRateRow {
  id: number;
  from_currency: string;
  to_currency: string;
  /** numeric(18, 6) as its exact decimal string ("79.000000"). */
  rate: string;
  auto_update: boolean;
  updated_at: Date;
}

export interface CurrencySettingsRow {
  /** numeric(5, 2) as its exact decimal string ("3.00"). */
  steam_commission_percent: string;
  rates_auto_update: boolean;
  failed_card_topup_refund_to: 'balance' | 'card';
  updated_at: Date;
}

const SETTINGS_COLUMNS = ['steam_commission_percent', 'rates_auto_update', 'failed_card_topup_refund_to', 'updated_at'];

export type RateUpdateRunStatus = 'queued' | 'completed' | 'skipped' | 'failed';

export interface RateUpdateRunRow {
  id: string;
  run_key: string;
  trigger: 'scheduled' | 'manual';
  status: RateUpdateRunStatus;
  provider: string | null;
  updated: number | null;
  error: string | null;
  requested_by: number | null;
  created_at: Date;
  finished_at: Date | null;
}

const RATE_COLUMNS = ['id', 'from_currency', 'to_currency', 'rate', 'auto_update', 'updated_at'] as const;
const SETTINGS_ID = 1;

/** Exchange rates, currency settings and rate-update runs; every function takes the connection or transaction to use. */
export const currencyRatesDal = {
  /** The rates table as a list query, for the admin list protocol. */
  listQuery: (db: Knex) => db('currency_rates').select(RATE_COLUMNS),

  find: (db: Knex, id: number) => db('currency_rates').where({ id }).first<CurrencyRateRow | undefined>(RATE_COLUMNS),

  /** One rate, locked until the transaction ends. */
  lock: (trx: Knex.Transaction, id: number) =>
    trx('currency_rates').where({ id }).forUpdate().first<CurrencyRateRow | undefined>(RATE_COLUMNS),

  /** Every rate the daily update may change, locked, in id order (so two runs lock in the same order). */
  lockAutoUpdated: (trx: Knex.Transaction) =>
    trx('currency_rates').where({ auto_update: true }).orderBy('id').forUpdate().select<CurrencyRateRow[]>(RATE_COLUMNS),

  async update(trx: Knex.Transaction, id: number, changes: { rate?: string; auto_update?: boolean }): Promise<CurrencyRateRow> {
    const [row] = await trx('currency_rates')
      .where({ id })
      .update({ ...changes, updated_at: trx.fn.now() })
      .returning<CurrencyRateRow[]>(RATE_COLUMNS);
    if (!row) throw new Error(`currency rate ${id} vanished while locked`);
    return row;
  },

  settings: (db: Knex) =>
    db('currency_settings')
      .where({ id: SETTINGS_ID })
      .first<CurrencySettingsRow | undefined>(SETTINGS_COLUMNS),

  lockSettings: (trx: Knex.Transaction) =>
    trx('currency_settings')
      .where({ id: SETTINGS_ID })
      .forUpdate()
      .first<CurrencySettingsRow | undefined>(SETTINGS_COLUMNS),

  /** Writes the fields given, creating the settings row (with the column defaults for the rest) if missing. */
  async saveSettings(
    trx: Knex.Transaction,
    changes: Partial<Omit<CurrencySettingsRow, 'updated_at'>>,
  ): Promise<CurrencySettingsRow> {
    const [row] = await trx('currency_settings')
      .insert({ id: SETTINGS_ID, ...changes, updated_at: trx.fn.now() })
      .onConflict('id')
      .merge([...Object.keys(changes), 'updated_at'])
      .returning<CurrencySettingsRow[]>(SETTINGS_COLUMNS);
    if (!row) throw new Error('currency settings upsert returned no row');
    return row;
  },

  /** Records a run if its key is new; an existing run (a duplicate delivery) is left as it is. */
  async insertRun(
    db: Knex,
    run: { id?: string; run_key: string; trigger: RateUpdateRunRow['trigger']; requested_by?: number | null },
  ): Promise<void> {
    await db('rate_update_runs').insert(run).onConflict('run_key').ignore();
  },

  findRun: (db: Knex, runKey: string) => db('rate_update_runs').where({ run_key: runKey }).first<RateUpdateRunRow | undefined>(),

  lockRun: (trx: Knex.Transaction, runKey: string) =>
    trx('rate_update_runs').where({ run_key: runKey }).forUpdate().first<RateUpdateRunRow | undefined>(),

  finishRun: (
    trx: Knex.Transaction,
    runKey: string,
    outcome: { status: 'completed' | 'skipped'; provider: string | null; updated: number },
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
