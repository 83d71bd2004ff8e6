import { RATE_CHANGE_CONFIRM_PERCENT_DEFAULT, rateChangeExceeds, rateChangePercent, storeDate } from '@topup/common';
import type { Knex } from 'knex';
import { recordAudit } from '../../lib/audit';
import type { Logger } from '../../logger';
import { rateBetween, type RatesProvider } from '../../providers/rates';
import type { CurrencyRate, RateUpdateChange, RateUpdateRefusal, RateUpdateRun, RateUpdateRunStatus } from '../../models';
import { currencyRatesDal } from '../admin/currency-rates/currency-rates.dal';

/** What starts a run: an admin's refresh (by its request id) or the daily schedule (by when it fired). */
export type RateUpdateTrigger = { kind: 'manual'; requestId: string } | { kind: 'scheduled'; firedAt: Date };

export interface RateUpdateOutcome {
  runKey: string;
  /** 'unknown': a manual job whose request was never recorded; nothing was done. */
  status: RateUpdateRunStatus | 'unknown';
  /** Rates the run changed. */
  updated: number;
}

/** The idempotency key of a run: one per manual request, one per Moscow calendar day for the schedule. */
export function rateUpdateRunKey(trigger: RateUpdateTrigger): string {
  return trigger.kind === 'manual' ? `manual:${trigger.requestId}` : `scheduled:${storeDate(trigger.firedAt)}`;
}

type RateChange = RateUpdateChange & { id: number };

const outcomeOf = (run: RateUpdateRun): RateUpdateOutcome => ({
  runKey: run.run_key,
  status: run.status,
  updated: run.updated ?? 0,
});

const isFinished = (run: RateUpdateRun) => run.status === 'completed' || run.status === 'skipped';

/**
 * The rate-update job (docs/architecture.md, "Queues and their jobs"): refreshes every rate marked auto-update from the rates
 * provider. A scheduled run does nothing while the settings' rates_auto_update switch is off; an
 * admin's refresh always runs. A rate the feed would change by more than the settings'
 * rate_change_confirm_percent keeps its value and the run records the refusal (an outlier in the
 * feed must not reprice the store; an admin can set it by hand). Idempotent per run key: the run's row is locked while the rates are
 * written and marked finished in the same transaction, so a retried, duplicated or concurrent
 * delivery of the same run changes the rates (and writes the audit entry) once.
 */
export function createRateUpdateService(deps: { db: Knex; rates: RatesProvider; logger: Logger }) {
  const { db, rates, logger } = deps;

  async function finishSkipped(runKey: string): Promise<RateUpdateOutcome> {
    return db.transaction(async (trx) => {
      const run = await currencyRatesDal.lockRun(trx, runKey);
      if (!run) throw new Error(`rate update run ${runKey} vanished`);
      if (isFinished(run)) return outcomeOf(run);
      await currencyRatesDal.finishRun(trx, runKey, { status: 'skipped', provider: null, updated: 0 });
      logger.info({ runKey }, 'Daily rate update skipped: automatic updates are switched off');
      return { runKey, status: 'skipped', updated: 0 };
    });
  }

  const autoUpdateOn = async (conn: Knex) => (await currencyRatesDal.settings(conn))?.rates_auto_update ?? true;

  return {
    /**
     * Runs (or, when already done, reports) one run. `finalAttempt`: the job has no retry left, so
     * a failure now marks the run failed rather than only noting the error.
     */
    async run(trigger: RateUpdateTrigger, options: { finalAttempt?: boolean } = {}): Promise<RateUpdateOutcome> {
      const runKey = rateUpdateRunKey(trigger);
      if (trigger.kind === 'scheduled') await currencyRatesDal.insertRun(db, { run_key: runKey, trigger: 'scheduled' });
      const recorded = await currencyRatesDal.findRun(db, runKey);
      if (!recorded) {
        logger.warn({ runKey }, 'Rate update job for an unknown refresh request; nothing to do');
        return { runKey, status: 'unknown', updated: 0 };
      }
      if (isFinished(recorded)) return outcomeOf(recorded);
      if (trigger.kind === 'scheduled' && !(await autoUpdateOn(db))) return finishSkipped(runKey);

      // Fetched outside the transaction: no lock is held while the provider answers.
      let table;
      try {
        table = await rates.fetchTable();
      } catch (err) {
        const message = `${rates.name}: ${(err as Error).message}`;
        await currencyRatesDal.failRun(db, runKey, message, options.finalAttempt ?? false);
        throw err;
      }

      return db.transaction(async (trx) => {
        const run = await currencyRatesDal.lockRun(trx, runKey);
        if (!run) throw new Error(`rate update run ${runKey} vanished`);
        // Another delivery of this run finished while this one was fetching.
        if (isFinished(run)) return outcomeOf(run);
        const settings = await currencyRatesDal.lockSettings(trx);
        if (run.trigger === 'scheduled' && !(settings?.rates_auto_update ?? true)) {
          await currencyRatesDal.finishRun(trx, runKey, { status: 'skipped', provider: null, updated: 0 });
          return { runKey, status: 'skipped' as const, updated: 0 };
        }
        const confirmPercent = settings?.rate_change_confirm_percent ?? String(RATE_CHANGE_CONFIRM_PERCENT_DEFAULT);

        const changes: RateChange[] = [];
        const refusals: RateUpdateRefusal[] = [];
        const unpriced: string[] = [];
        for (const row of await currencyRatesDal.lockAutoUpdated(trx)) {
          const pair = { from: row.from_currency, to: row.to_currency };
          const current = normalisedRate(row);
          const next = rateBetween(table, row.from_currency, row.to_currency);
          if (next === undefined) unpriced.push(`${pair.from}->${pair.to}`);
          else if (next === current) await currencyRatesDal.update(trx, row.id, { checked: true });
          else if (rateChangeExceeds(current, next, confirmPercent)) {
            refusals.push({ ...pair, current, offered: next, percent: rateChangePercent(current, next) });
          } else {
            await currencyRatesDal.update(trx, row.id, { rate: next, checked: true, changed: true });
            changes.push({ id: row.id, ...pair, before: current, after: next });
          }
        }
        if (changes.length > 0) {
          await recordAudit(trx, {
            actorId: run.requested_by,
            action: 'currency_rate.refresh',
            entity: 'currency_rate',
            entityId: null,
            before: changes.map(({ id, from, to, before }) => ({ id, from, to, rate: before })),
            after: {
              provider: rates.name,
              feedDate: table.date,
              rates: changes.map(({ id, from, to, after }) => ({ id, from, to, rate: after })),
            },
            requestId: `rate-update:${runKey}`,
          });
        }
        await currencyRatesDal.finishRun(trx, runKey, {
          status: 'completed',
          provider: rates.name,
          updated: changes.length,
          changes: changes.map(({ from, to, before, after }) => ({ from, to, before, after })),
          refusals,
        });
        if (refusals.length > 0) {
          logger.warn({ runKey, provider: rates.name, refusals }, 'Rates changing by more than the confirmation threshold were kept');
        }
        if (unpriced.length > 0) {
          logger.warn({ runKey, provider: rates.name, pairs: unpriced }, 'The rates provider does not quote some auto-update pairs; they keep their rate');
        }
        logger.info({ runKey, provider: rates.name, feedDate: table.date, updated: changes.length }, 'Exchange rates refreshed');
        return { runKey, status: 'completed' as const, updated: changes.length };
      });
    },
  };
}

/** The stored rate with exactly six decimals, as rateBetween writes it ("79.000000"). */
function normalisedRate(row: CurrencyRate): string {
  const [whole = '0', fraction = ''] = row.rate.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(6, '0').slice(0, 6)}`;
}

export type RateUpdateService = ReturnType<typeof createRateUpdateService>;
