import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  ErrorCode,
  hasAtMostTwoDecimals,
  inverseRate,
  RATE_CHANGE_CONFIRM_PERCENT_DEFAULT,
  rateChangeExceeds,
  rateChangePercent,
  rateToMicros,
  STEAM_COMMISSION_PERCENT_DEFAULT,
} from '@topup/common';
import {
  RATE_PATTERN,
  type AdminCurrencyRate,
  type CurrencySettings,
  type LastRateUpdate,
  type ListQuery,
  type RateChangeNeedsConfirmation,
  type RefreshProgress as RateRefreshProgress,
  type UpdateRateBody,
  type UpdateSettingsBody,
} from '@topup/common/api';
import { auditOf, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { AppError, notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { enqueueJob } from '../../../lib/outbox';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import type { CurrencyRate, RowOf } from '../../../models';
import { ratesDal, type LatestRateUpdate } from '../../rates/rates.dal';
import { currencyRatesDal, type RateWrite, type StoredCurrencySettings } from './currency-rates.dal';

/** A rate as the back office sees it (common/src/api/admin-currency.ts). */
export type CurrencyRateRecord = Dated<AdminCurrencyRate, 'checkedAt' | 'changedAt'>;

export type LastRateUpdateRecord = Dated<LastRateUpdate, 'at'>;

export type CurrencySettingsRecord = Dated<CurrencySettings, 'updatedAt'>;

export type RefreshProgress = Dated<RateRefreshProgress, 'createdAt' | 'finishedAt'>;

const CURRENCY_RATES_LIST: ListSpec = {
  resource: 'currency-rates',
  sortable: {
    id: 'id',
    from: 'from_currency',
    to: 'to_currency',
    rate: 'rate',
    autoUpdate: 'auto_update',
    checkedAt: 'checked_at',
    changedAt: 'changed_at',
  },
  defaultSort: ['id', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    from: typedFilter.text('from', filterBy.equals('from_currency')),
    to: typedFilter.text('to', filterBy.equals('to_currency')),
    autoUpdate: typedFilter.boolean('autoUpdate', 'auto_update'),
    q: typedFilter.text('q', filterBy.search('from_currency', 'to_currency')),
  },
};

const toRecord = (row: RowOf<CurrencyRate>): CurrencyRateRecord => ({
  id: row.id,
  from: row.from_currency,
  to: row.to_currency,
  rate: row.rate,
  inverse: inverseRate(row.rate),
  autoUpdate: row.auto_update,
  checkedAt: row.checked_at,
  changedAt: row.changed_at,
});

const toSettings = (row: StoredCurrencySettings | undefined): CurrencySettingsRecord => ({
  steamCommissionPercent: Number(row?.steam_commission_percent ?? STEAM_COMMISSION_PERCENT_DEFAULT),
  ratesAutoUpdate: row?.rates_auto_update ?? true,
  rateChangeConfirmPercent: Number(row?.rate_change_confirm_percent ?? RATE_CHANGE_CONFIRM_PERCENT_DEFAULT),
  failedCardTopupRefundTo: row?.failed_card_topup_refund_to ?? 'balance',
  updatedAt: row?.updated_at ?? null,
});

const invalidRate = () =>
  validationFailed('The request is not valid', [{ field: 'rate', message: 'must be above 0 with at most 6 decimals' }]);

const RATE_TEXT = new RegExp(RATE_PATTERN);

/** A rate sent as a string or a JSON number, as the exact decimal string to store. */
function rateText(rate: string | number): string {
  // A JSON number prints as the shortest text that reads back as it: 79.1234 -> "79.1234", 1e-7 refused.
  const text = typeof rate === 'number' ? String(rate) : rate;
  if (!RATE_TEXT.test(text) || !/[1-9]/.test(text)) throw invalidRate();
  return text;
}

const needsConfirmation = (details: RateChangeNeedsConfirmation) =>
  new AppError(
    409,
    ErrorCode.RATE_CHANGE_NEEDS_CONFIRMATION,
    `This changes the rate by ${details.percent} %, more than ${details.thresholdPercent} %: confirm the change to set it`,
    details,
  );

/** The dashboard's view of a rate update: who or what made it, and what it changed or refused. */
export const toLastRateUpdate = (run: LatestRateUpdate): LastRateUpdateRecord => ({
  at: run.finished_at ?? run.created_at,
  source: run.trigger === 'admin' ? 'admin' : 'provider',
  trigger: run.trigger,
  provider: run.provider,
  admin: run.admin,
  status: run.status,
  changes: run.changes,
  refusals: run.refusals,
  error: run.error,
});

/** Back-office management of exchange rates and the currency settings. */
export function createCurrencyRatesService(deps: { db: Knex }) {
  const { db } = deps;

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, CURRENCY_RATES_LIST);
      const { rows, total } = await listPage<CurrencyRate>(currencyRatesDal.listQuery(db), CURRENCY_RATES_LIST, list);
      return { rows: rows.map(toRecord), total, range: list.range };
    },

    async get(id: number): Promise<CurrencyRateRecord> {
      const row = await currencyRatesDal.find(db, id);
      if (!row) throw notFound('Currency rate');
      return toRecord(row);
    },

    /**
     * Sets a rate and/or its auto-update switch. Sending the rate marks it checked, changed or not;
     * a change beyond the settings' threshold needs `confirm`. Toggling the switch moves neither time.
     */
    async update(actor: AdminActor, id: number, body: UpdateRateBody): Promise<CurrencyRateRecord> {
      const rate = body.rate === undefined ? undefined : rateText(body.rate);
      return db.transaction(async (trx) => {
        const before = await currencyRatesDal.lock(trx, id);
        if (!before) throw notFound('Currency rate');
        const write: RateWrite = {};
        if (body.autoUpdate !== undefined) write.auto_update = body.autoUpdate;
        if (rate !== undefined) {
          write.checked = true;
          if (rateToMicros(rate) !== rateToMicros(before.rate)) {
            const settings = await currencyRatesDal.settings(trx);
            const thresholdPercent = Number(settings?.rate_change_confirm_percent ?? RATE_CHANGE_CONFIRM_PERCENT_DEFAULT);
            if (!body.confirm && rateChangeExceeds(before.rate, rate, thresholdPercent)) {
              throw needsConfirmation({
                from: before.from_currency,
                to: before.to_currency,
                old: before.rate,
                new: rate,
                percent: rateChangePercent(before.rate, rate),
                thresholdPercent,
              });
            }
            Object.assign(write, { rate, changed: true });
          }
        }
        const after = await currencyRatesDal.update(trx, id, write);
        await recordAudit(trx, { ...auditOf(actor, 'currency_rate', 'update', id), before: toRecord(before), after: toRecord(after) });
        if (rate !== undefined) {
          const changes = write.changed ? [{ from: after.from_currency, to: after.to_currency, before: before.rate, after: after.rate }] : [];
          await currencyRatesDal.recordAdminUpdate(trx, { id: randomUUID(), requestedBy: actor.userId, changes });
        }
        return toRecord(after);
      });
    },

    /** The dashboard's last rate update, if there has been one. */
    async lastUpdate(): Promise<LastRateUpdateRecord | null> {
      const run = await ratesDal.lastUpdate(db);
      return run ? toLastRateUpdate(run) : null;
    },

    /** Queues a rate-update run for the admin, audited; its id is the request id the progress is read by. */
    async requestRefresh(actor: AdminActor): Promise<{ requestId: string }> {
      const requestId = randomUUID();
      await db.transaction(async (trx) => {
        await currencyRatesDal.insertRun(trx, { id: requestId, run_key: `manual:${requestId}`, trigger: 'manual', requested_by: actor.userId });
        await enqueueJob(trx, 'rate-update', 'refresh-rates', { requestId });
        await recordAudit(trx, { ...auditOf(actor, 'currency_rate', 'refresh_request', null), before: null, after: { refreshRequestId: requestId } });
      });
      return { requestId };
    },

    async refreshProgress(requestId: string): Promise<RefreshProgress> {
      const run = await currencyRatesDal.findRun(db, `manual:${requestId}`);
      if (!run) throw notFound('Rate refresh request');
      return {
        requestId,
        status: run.status,
        updated: run.updated,
        error: run.error,
        createdAt: run.created_at,
        finishedAt: run.finished_at,
      };
    },

    async settings(): Promise<CurrencySettingsRecord> {
      return toSettings(await currencyRatesDal.settings(db));
    },

    async updateSettings(actor: AdminActor, body: UpdateSettingsBody): Promise<CurrencySettingsRecord> {
      const changes: Partial<Omit<StoredCurrencySettings, 'updated_at'>> = {};
      if (body.steamCommissionPercent !== undefined) {
        if (!hasAtMostTwoDecimals(body.steamCommissionPercent)) {
          throw validationFailed('The request is not valid', [
            { field: 'steamCommissionPercent', message: 'must be 0 to 100 with at most 2 decimals' },
          ]);
        }
        changes.steam_commission_percent = body.steamCommissionPercent.toFixed(2);
      }
      if (body.ratesAutoUpdate !== undefined) changes.rates_auto_update = body.ratesAutoUpdate;
      if (body.rateChangeConfirmPercent !== undefined) {
        if (!hasAtMostTwoDecimals(body.rateChangeConfirmPercent)) {
          throw validationFailed('The request is not valid', [
            { field: 'rateChangeConfirmPercent', message: 'must be above 0, at most 1000, with at most 2 decimals' },
          ]);
        }
        changes.rate_change_confirm_percent = body.rateChangeConfirmPercent.toFixed(2);
      }
      if (body.failedCardTopupRefundTo !== undefined) changes.failed_card_topup_refund_to = body.failedCardTopupRefundTo;
      return db.transaction(async (trx) => {
        const before = await currencyRatesDal.lockSettings(trx);
        const after = await currencyRatesDal.saveSettings(trx, changes);
        await recordAudit(trx, {
          ...auditOf(actor, 'currency_settings', 'update', 1),
          before: before ? toSettings(before) : null,
          after: toSettings(after),
        });
        return toSettings(after);
      });
    },
  };
}

export type CurrencyRatesService = ReturnType<typeof createCurrencyRatesService>;
