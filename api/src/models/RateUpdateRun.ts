import { BaseModel } from './BaseModel';

export type RateUpdateRunStatus = 'queued' | 'completed' | 'skipped' | 'failed';

/** A rate an update changed. */
export interface RateUpdateChange {
  from: string;
  to: string;
  before: string;
  after: string;
}

/** A feed rate too far from the current one: not applied. */
export interface RateUpdateRefusal {
  from: string;
  to: string;
  current: string;
  offered: string;
  /** The change it would have been, percent (two decimals). */
  percent: number;
}

/**
 * One rate update: a run of the rate-update job, keyed by what makes it idempotent (the date of a
 * scheduled run, or a manual request), or an admin setting a rate by hand ('admin:<id>').
 */
export class RateUpdateRun extends BaseModel {
  static override tableName = 'rate_update_runs';

  /** A manual refresh's request id. */
  declare id: string;
  /** 'scheduled:2026-11-22', 'manual:<id>' or 'admin:<id>'. */
  declare run_key: string;
  declare trigger: 'scheduled' | 'manual' | 'admin';
  declare status: RateUpdateRunStatus;
  /** The RATES_PROVIDER that answered. */
  declare provider: string | null;
  /** Rates changed by the run. */
  declare updated: number | null;
  /** The last attempt's failure; kept while retries remain. */
  declare error: string | null;
  declare requested_by: number | null;
  declare changes: RateUpdateChange[];
  declare refusals: RateUpdateRefusal[];
  declare created_at: Date;
  declare finished_at: Date | null;
}
