import { BaseModel } from './BaseModel';

export type RateUpdateRunStatus = 'queued' | 'completed' | 'skipped' | 'failed';

/** One run of the rate-update job, keyed by what makes it idempotent (the date of a scheduled run, or a manual request). */
export class RateUpdateRun extends BaseModel {
  static override tableName = 'rate_update_runs';

  /** A manual refresh's request id. */
  declare id: string;
  /** 'scheduled:2026-11-22' or 'manual:<id>'. */
  declare run_key: string;
  declare trigger: 'scheduled' | 'manual';
  declare status: RateUpdateRunStatus;
  /** The RATES_PROVIDER that answered. */
  declare provider: string | null;
  /** Rates changed by the run. */
  declare updated: number | null;
  /** The last attempt's failure; kept while retries remain. */
  declare error: string | null;
  declare requested_by: number | null;
  declare created_at: Date;
  declare finished_at: Date | null;
}
