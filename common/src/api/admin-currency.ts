import Type, { type Static } from 'typebox';
import { FAILED_CARD_TOPUP_REFUND_TARGETS } from '../admin-records';
import { endpoint, IdParams, Nullable, Strict, StringEnum, Timestamp } from './contract';
import { listEndpoint } from './admin-crud';

/** A rate. */
export const AdminCurrencyRate = Type.Object(
  {
    id: Type.Integer(),
    from: Type.String({ description: "Lowercase ISO code: 'usd' → 'rub'." }),
    to: Type.String(),
    rate: Type.String({ description: 'Units of `to` per unit of `from`, six decimals, exact.' }),
    autoUpdate: Type.Boolean({ description: 'The daily 09:00 (Moscow) update may change it.' }),
    updatedAt: Timestamp,
  },
  { examples: [{ id: 1, from: 'usd', to: 'rub', rate: '79.000000', autoUpdate: true, updatedAt: '2026-03-04T06:00:00.000Z' }] },
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
  },
  { additionalProperties: false, minProperties: 1, examples: [{ rate: '79.5', autoUpdate: false }] },
);
export type UpdateRateBody = Static<typeof UpdateRateBody>;

export { FAILED_CARD_TOPUP_REFUND_TARGETS };

export const CurrencySettings = Type.Object(
  {
    steamCommissionPercent: Type.Number(),
    ratesAutoUpdate: Type.Boolean({ description: "The daily 09:00 update's master switch." }),
    failedCardTopupRefundTo: StringEnum(FAILED_CARD_TOPUP_REFUND_TARGETS, {
      description: 'Where a card-paid top-up the game refused is refunded: the balance, or back to the card.',
    }),
    updatedAt: Nullable(Timestamp),
  },
  { examples: [{ steamCommissionPercent: 7.5, ratesAutoUpdate: true, failedCardTopupRefundTo: 'balance', updatedAt: '2026-03-04T06:00:00.000Z' }] },
);
export type CurrencySettings = Static<typeof CurrencySettings>;

export const UpdateSettingsBody = Type.Object(
  {
    steamCommissionPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'At most 2 decimals.' })),
    ratesAutoUpdate: Type.Optional(Type.Boolean()),
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

const tag = 'Back office: currency rates';

export const adminCurrencyEndpoints = {
  list: listEndpoint({
    path: '/admin/currency-rates',
    resource: 'currency-rates',
    tag,
    summary: 'List exchange rates',
    description: 'Filters: `from`, `to`, `autoUpdate`, `q`. Sort: id, from, to, rate, autoUpdate, updatedAt.',
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
    params: IdParams,
    body: UpdateRateBody,
    response: AdminCurrencyRate,
    errors: [404],
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
