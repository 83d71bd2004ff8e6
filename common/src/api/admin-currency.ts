import Type, { type Static } from 'typebox';
import { FAILED_CARD_TOPUP_REFUND_TARGETS } from '../admin-records';
import { endpoint, IdParams, Nullable, Strict, StringEnum, Timestamp } from './contract';
import { listEndpoint } from './admin-crud';

/** A rate: one per pair; the other direction is its inverse. */
export const AdminCurrencyRate = Type.Object(
  {
    id: Type.Integer(),
    from: Type.String({ description: "Lowercase ISO code: 'usd' → 'rub'." }),
    to: Type.String(),
    rate: Type.String({ description: 'Units of `to` per unit of `from`, six decimals, exact.' }),
    inverse: Type.String({
      description: 'Units of `from` per unit of `to` (1 / rate, eight significant digits), for reading: conversions that way divide by `rate`.',
    }),
    autoUpdate: Type.Boolean({ description: 'The daily 09:00 (Moscow) update may change it.' }),
    checkedAt: Timestamp,
    changedAt: Timestamp,
  },
  {
    description: '`checkedAt`: when the feed or an admin last confirmed the rate, changed or not. `changedAt`: when its value last changed.',
    examples: [
      {
        id: 1,
        from: 'usd',
        to: 'rub',
        rate: '79.000000',
        inverse: '0.012658228',
        autoUpdate: true,
        checkedAt: '2026-03-04T06:00:00.000Z',
        changedAt: '2026-03-02T06:00:00.000Z',
      },
    ],
  },
);
export type AdminCurrencyRate = Static<typeof AdminCurrencyRate>;

/** A rate numeric(18, 6) holds: at most 12 digits before the point and 6 after. */
export const RATE_PATTERN = '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,6})?$';

export const UpdateRateBody = Type.Object(
  {
    rate: Type.Optional(
      Type.Union([Type.String({ pattern: RATE_PATTERN }), Type.Number({ exclusiveMinimum: 0, maximum: 999_999_999_999 })], {
        description: 'Above 0 with at most 6 decimals: "79.5" or 79.5.',
      }),
    ),
    autoUpdate: Type.Optional(Type.Boolean()),
    confirm: Type.Optional(
      Type.Boolean({ description: 'Sets a rate that differs from the current one by more than the confirmation threshold (otherwise 409).' }),
    ),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ rate: '79.5', autoUpdate: false }, { rate: '7900', confirm: true }] },
);
export type UpdateRateBody = Static<typeof UpdateRateBody>;

/** The details of a 409 RATE_CHANGE_NEEDS_CONFIRMATION. */
export const RateChangeNeedsConfirmation = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    old: Type.String({ description: 'The current rate.' }),
    new: Type.String({ description: 'The rate sent.' }),
    percent: Type.Number({ description: 'The change, percent of the current rate (two decimals).' }),
    thresholdPercent: Type.Number(),
  },
  { examples: [{ from: 'usd', to: 'rub', old: '79.000000', new: '7900', percent: 9900, thresholdPercent: 10 }] },
);
export type RateChangeNeedsConfirmation = Static<typeof RateChangeNeedsConfirmation>;

export { FAILED_CARD_TOPUP_REFUND_TARGETS };

export const CurrencySettings = Type.Object(
  {
    steamCommissionPercent: Type.Number(),
    ratesAutoUpdate: Type.Boolean({ description: "The daily 09:00 update's master switch." }),
    rateChangeConfirmPercent: Type.Number({
      description: 'A rate change larger than this (percent) needs an admin to confirm it; the automatic update does not apply it.',
    }),
    failedCardTopupRefundTo: StringEnum(FAILED_CARD_TOPUP_REFUND_TARGETS, {
      description: 'Where a card-paid top-up the game refused is refunded: the balance, or back to the card.',
    }),
    updatedAt: Nullable(Timestamp),
  },
  {
    examples: [
      { steamCommissionPercent: 7.5, ratesAutoUpdate: true, rateChangeConfirmPercent: 10, failedCardTopupRefundTo: 'balance', updatedAt: '2026-03-04T06:00:00.000Z' },
    ],
  },
);
export type CurrencySettings = Static<typeof CurrencySettings>;

export const UpdateSettingsBody = Type.Object(
  {
    steamCommissionPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'At most 2 decimals.' })),
    ratesAutoUpdate: Type.Optional(Type.Boolean()),
    // numeric(6, 2) above 0: the smallest value it stores is 0.01, which anything smaller would round to 0.
    rateChangeConfirmPercent: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1000, description: 'At most 2 decimals.' })),
    failedCardTopupRefundTo: Type.Optional(StringEnum(FAILED_CARD_TOPUP_REFUND_TARGETS)),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ steamCommissionPercent: 7.5 }] },
);
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;

export const RefreshRequested = Type.Object(
  { requestId: Type.String({ format: 'uuid' }) },
  { examples: [{ requestId: '7d1f3c2a-5b8e-4f6a-9c0d-2e4b6a8c0f12' }] },
);

/** Where an admin's rate refresh stands. */
export const RefreshProgress = Type.Object(
  {
    requestId: Type.String({ format: 'uuid' }),
    status: Type.String({ description: '`queued` (also while retrying after a provider error), then `completed`, `skipped` or `failed`.' }),
    updated: Nullable(Type.Integer({ description: 'Rates changed, once the run has finished.' })),
    error: Nullable(Type.String()),
    createdAt: Timestamp,
    finishedAt: Nullable(Timestamp),
  },
  {
    examples: [
      {
        requestId: '7d1f3c2a-5b8e-4f6a-9c0d-2e4b6a8c0f12',
        status: 'completed',
        updated: 2,
        error: null,
        createdAt: '2026-03-04T10:15:00.000Z',
        finishedAt: '2026-03-04T10:15:02.000Z',
      },
    ],
  },
);
export type RefreshProgress = Static<typeof RefreshProgress>;

/** The latest rate update, for the dashboard: a run of the job, or an admin setting a rate. */
export const LastRateUpdate = Type.Object(
  {
    at: Timestamp,
    source: StringEnum(['provider', 'admin'], { description: '`provider`: the daily or a requested refresh; `admin`: set by hand.' }),
    trigger: StringEnum(['scheduled', 'manual', 'admin']),
    provider: Nullable(Type.String({ description: 'The rates provider that answered.' })),
    admin: Nullable(Type.String({ description: 'The nickname of the admin who set the rate or asked for the refresh.' })),
    status: StringEnum(['queued', 'completed', 'skipped', 'failed'], { description: '`queued` with an error: failed, a retry is coming.' }),
    changes: Type.Array(Type.Object({ from: Type.String(), to: Type.String(), before: Type.String(), after: Type.String() })),
    refusals: Type.Array(
      Type.Object(
        { from: Type.String(), to: Type.String(), current: Type.String(), offered: Type.String(), percent: Type.Number() },
        { description: 'A feed rate further than the confirmation threshold from the current one: kept the current.' },
      ),
    ),
    error: Nullable(Type.String()),
  },
  {
    examples: [
      {
        at: '2026-03-04T06:00:02.000Z',
        source: 'provider',
        trigger: 'scheduled',
        provider: 'cbr',
        admin: null,
        status: 'completed',
        changes: [{ from: 'usd', to: 'rub', before: '79.000000', after: '79.450000' }],
        refusals: [{ from: 'usd', to: 'kzt', current: '480.000000', offered: '960.000000', percent: 100 }],
        error: null,
      },
    ],
  },
);
export type LastRateUpdate = Static<typeof LastRateUpdate>;

const tag = 'Back office: currency rates';

export const adminCurrencyEndpoints = {
  list: listEndpoint({
    path: '/admin/currency-rates',
    resource: 'currency-rates',
    tag,
    summary: 'List exchange rates',
    description: 'Filters: `from`, `to`, `autoUpdate`, `q`. Sort: id, from, to, rate, autoUpdate, checkedAt, changedAt.',
    record: AdminCurrencyRate,
  }),
  refresh: endpoint({
    method: 'post',
    path: '/admin/currency-rates/refresh',
    auth: 'admin',
    tag,
    summary: 'Fetch the rates now',
    description: 'Queues a rate-update job (202); read its progress by the request id. Rates with autoUpdate off are left alone.',
    status: 202,
    response: RefreshRequested,
  }),
  refreshProgress: endpoint({
    method: 'get',
    path: '/admin/currency-rates/refresh/:requestId',
    auth: 'admin',
    tag,
    summary: "A refresh's progress",
    params: Strict({ requestId: Type.String({ format: 'uuid' }) }),
    response: RefreshProgress,
    errors: [404],
  }),
  get: endpoint({ method: 'get', path: '/admin/currency-rates/:id', auth: 'admin', tag, summary: 'Read a rate', params: IdParams, response: AdminCurrencyRate, errors: [404] }),
  update: endpoint({
    method: 'put',
    path: '/admin/currency-rates/:id',
    auth: 'admin',
    tag,
    summary: 'Set a rate',
    description:
      'Sending the rate marks it checked now, even unchanged. 409 RATE_CHANGE_NEEDS_CONFIRMATION (details: RateChangeNeedsConfirmation) when it changes by more than the settings\' `rateChangeConfirmPercent` without `confirm: true`.',
    params: IdParams,
    body: UpdateRateBody,
    response: AdminCurrencyRate,
    errors: [404, 409],
  }),
  settings: endpoint({ method: 'get', path: '/currency-settings/settings', auth: 'admin', tag, summary: 'The currency settings', response: CurrencySettings }),
  updateSettings: endpoint({
    method: 'post',
    path: '/currency-settings/settings',
    auth: 'admin',
    tag,
    summary: 'Change the currency settings',
    description: 'The fields sent change.',
    body: UpdateSettingsBody,
    response: CurrencySettings,
  }),
};
