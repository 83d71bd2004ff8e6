import Type, { type Static } from 'typebox';
import { crudEndpoints, Ignored, MAX_PRICE } from './admin-crud';
import { endpoint, MAX_INT, Strict, StringEnum, Timestamp } from './contract';
import { OrderCurrency } from './orders';
import { TopupData } from './topup';
import { PROMO_CODE_REFUSALS, PROMO_DISCOUNT_TYPES, PROMO_SCOPES } from '../promo-codes';

/*
 * Promo codes (docs/architecture.md, "Promo codes"): the back office's resource and the shopper's preview.
 * Money is decimal in the code's currency here, as everywhere in the API.
 */

/** 3 to 32 letters, digits, `-` or `_`; compared case-insensitively, stored upper-case. */
export const PROMO_CODE_PATTERN = '^[A-Za-z0-9_-]{3,32}$';
const code = Type.String({ pattern: PROMO_CODE_PATTERN, description: '3 to 32 letters, digits, `-`, `_`; any case.' });

export const AdminPromoCode = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    discountType: StringEnum(PROMO_DISCOUNT_TYPES),
    discountValue: Type.Number({ description: 'A whole percent (1 to 100), or a sum in `currency`.' }),
    currency: Type.Union([OrderCurrency, Type.Null()]),
    scope: StringEnum(PROMO_SCOPES),
    scopeIds: Type.Array(Type.Integer(), { description: 'Game ids (top-ups) for `games`, product ids (codes) for `products`.' }),
    minOrder: Type.Union([Type.Number(), Type.Null()], { description: 'In `currency`: the least order total before the discount.' }),
    validFrom: Type.Union([Timestamp, Type.Null()]),
    validTo: Type.Union([Timestamp, Type.Null()]),
    usageLimit: Type.Union([Type.Integer(), Type.Null()]),
    perUserLimit: Type.Union([Type.Integer(), Type.Null()]),
    active: Type.Boolean(),
    uses: Type.Integer({ description: 'Orders placed with it and not cancelled unpaid.' }),
    createdAt: Timestamp,
  },
  {
    examples: [
      {
        id: 3, code: 'SPRING10', discountType: 'percent', discountValue: 10, currency: null, scope: 'all', scopeIds: [], minOrder: null,
        validFrom: '2026-03-01T00:00:00.000Z', validTo: '2026-04-01T00:00:00.000Z', usageLimit: 500, perUserLimit: 1, active: true, uses: 42,
        createdAt: '2026-02-20T09:00:00.000Z',
      },
    ],
  },
);
export type AdminPromoCode = Static<typeof AdminPromoCode>;

const limit = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_INT }), Type.Null()]);
const moment = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const editable = {
  discountType: StringEnum(PROMO_DISCOUNT_TYPES),
  discountValue: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRICE }),
  currency: Type.Optional(Type.Union([OrderCurrency, Type.Null()])),
  scope: Type.Optional(StringEnum(PROMO_SCOPES)),
  scopeIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: MAX_INT }), { maxItems: 500, uniqueItems: true })),
  minOrder: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRICE }), Type.Null()])),
  validFrom: Type.Optional(moment),
  validTo: Type.Optional(moment),
  usageLimit: Type.Optional(limit),
  perUserLimit: Type.Optional(limit),
  active: Type.Optional(Type.Boolean()),
};

export const CreatePromoCodeBody = Type.Object(
  { code, ...editable },
  { additionalProperties: false, examples: [{ code: 'spring10', discountType: 'percent', discountValue: 10, usageLimit: 500, perUserLimit: 1 }] },
);
export type CreatePromoCodeBody = Static<typeof CreatePromoCodeBody>;

/** The fields sent are changed; the code itself and read-only fields are accepted and ignored. */
export const UpdatePromoCodeBody = Type.Object(
  {
    ...editable,
    discountType: Type.Optional(editable.discountType),
    discountValue: Type.Optional(editable.discountValue),
    id: Ignored,
    code: Ignored,
    uses: Ignored,
    createdAt: Ignored,
  },
  { additionalProperties: false, examples: [{ active: false }] },
);
export type UpdatePromoCodeBody = Static<typeof UpdatePromoCodeBody>;

export const adminPromoCodeEndpoints = crudEndpoints({
  path: '/admin/promo-codes',
  resource: 'promo-codes',
  tag: 'Back office: promo codes',
  one: 'a promo code',
  many: 'promo codes',
  filters: 'Filters: `q` (code), `active`. Sort: id, code, active, uses, validTo, createdAt.',
  record: AdminPromoCode,
  create: CreatePromoCodeBody,
  update: UpdatePromoCodeBody,
  conflicts: { create: 'CONFLICT: the code exists already.', remove: 'CONFLICT: orders were placed with the code; switch it off instead.' },
});

export const PromoCodeCheckBody = Strict({
  code: Type.String({ minLength: 1, maxLength: 64 }),
  currency: OrderCurrency,
  topupData: Type.Optional(TopupData),
});
export type PromoCodeCheckBody = Static<typeof PromoCodeCheckBody>;

export const PromoCodeCheck = Type.Object(
  {
    valid: Type.Boolean(),
    reason: Type.Optional(StringEnum(PROMO_CODE_REFUSALS)),
    code: Type.Optional(Type.String({ description: 'The code as stored (upper-case).' })),
    subtotal: Type.Number({ description: 'The total at promotion prices (the list total when no promotion applies), in `currency`.' }),
    discount: Type.Number({ description: 'What the code takes off, in `currency`; 0 when not valid.' }),
    total: Type.Number({ description: 'What checkout would charge.' }),
    currency: OrderCurrency,
    minOrder: Type.Optional(Type.Number({ description: 'With `min_order`: the least total the code takes.' })),
  },
  { examples: [{ valid: true, code: 'SPRING10', subtotal: 24.48, discount: 2.45, total: 22.03, currency: 'usd' }] },
);
export type PromoCodeCheck = Static<typeof PromoCodeCheck>;

export const promoCodeEndpoints = {
  check: endpoint({
    method: 'post',
    path: '/promo-codes/check',
    auth: 'user',
    tag: 'Checkout',
    summary: 'Preview a promo code',
    description:
      "Against the signed-in shopper's cart, or with `topupData` against that top-up, in `currency`. Uses nothing: checkout counts the use. A refused code is `valid: false` with its `reason`.",
    body: PromoCodeCheckBody,
    response: PromoCodeCheck,
    errors: [404, 409, 422, 429, 503],
  }),
};
