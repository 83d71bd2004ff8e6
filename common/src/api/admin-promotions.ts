import Type, { type Static } from 'typebox';
import { MAX_INT, StringEnum, Timestamp } from './contract';
import { crudEndpoints, Ignored, MAX_PRICE } from './admin-crud';
import { OrderCurrency } from './orders';
import { PROMO_DISCOUNT_TYPES } from '../promo-codes';
import { TranslatedTexts } from './translations';

const TEXT_MAX_LENGTH = 200;
export const PromotionTranslations = TranslatedTexts({ text: TEXT_MAX_LENGTH });

/**
 * A badge on the storefront's home page, and the discount it may carry (docs/architecture.md, "Promotions
 * that discount"): a percent or a sum off the units in its scope during its period. Money is decimal.
 */
export const AdminPromotion = Type.Object(
  {
    id: Type.Integer(),
    text: Type.String(),
    translations: PromotionTranslations,
    backgroundColor: Type.String({ description: "`#rrggbb`, lowercase; the storefront's badge gradient derives from it." }),
    active: Type.Boolean(),
    sortOrder: Type.Integer(),
    discountType: Type.Union([StringEnum(PROMO_DISCOUNT_TYPES), Type.Null()], { description: 'null: a badge only.' }),
    discountValue: Type.Union([Type.Number(), Type.Null()], { description: 'A whole percent (1 to 100), or a sum in `currency`.' }),
    currency: Type.Union([OrderCurrency, Type.Null()], { description: 'A fixed discount applies only in its currency.' }),
    productIds: Type.Array(Type.Integer(), { description: 'Products whose codes it discounts.' }),
    gameIds: Type.Array(Type.Integer(), { description: 'Games every denomination of which it discounts.' }),
    denominationIds: Type.Array(Type.Integer(), { description: 'Denominations it discounts (PUBG packages, Free Fire offers, any game’s).' }),
    validFrom: Type.Union([Timestamp, Type.Null()]),
    validTo: Type.Union([Timestamp, Type.Null()]),
    createdAt: Timestamp,
  },
  { examples: [{ id: 4, text: '−10% на PUBG UC в эти выходные', translations: { en: { text: '−10% on PUBG UC this weekend' }, uz: { text: '' } }, backgroundColor: '#ff6a00', active: true, sortOrder: 1, discountType: 'percent', discountValue: 10, currency: null, productIds: [], gameIds: [2], denominationIds: [], validFrom: null, validTo: '2026-03-03T00:00:00.000Z', createdAt: '2026-03-01T09:00:00.000Z' }] },
);
export type AdminPromotion = Static<typeof AdminPromotion>;

const text = Type.String({ minLength: 1, maxLength: TEXT_MAX_LENGTH, pattern: '\\S' });
const backgroundColor = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '`#rrggbb`.' });
const ids = Type.Array(Type.Integer({ minimum: 1, maximum: MAX_INT }), { maxItems: 500, uniqueItems: true });
const moment = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const optionalFields = {
  translations: Type.Optional(PromotionTranslations),
  active: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -MAX_INT, maximum: MAX_INT })),
  discountType: Type.Optional(Type.Union([StringEnum(PROMO_DISCOUNT_TYPES), Type.Null()])),
  discountValue: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRICE }), Type.Null()])),
  currency: Type.Optional(Type.Union([OrderCurrency, Type.Null()])),
  productIds: Type.Optional(ids),
  gameIds: Type.Optional(ids),
  denominationIds: Type.Optional(ids),
  validFrom: Type.Optional(moment),
  validTo: Type.Optional(moment),
};

export const CreatePromotionBody = Type.Object(
  { text, backgroundColor, ...optionalFields },
  { additionalProperties: false, examples: [{ text: '−10% on PUBG UC this weekend', backgroundColor: '#FF6A00', sortOrder: 1 }] },
);
export type CreatePromotionBody = Static<typeof CreatePromotionBody>;

/** The fields sent are changed (the active toggle is `{active}`); read-only fields are accepted and ignored. */
export const UpdatePromotionBody = Type.Object(
  { text: Type.Optional(text), backgroundColor: Type.Optional(backgroundColor), ...optionalFields, id: Ignored, createdAt: Ignored },
  { additionalProperties: false, examples: [{ active: false }] },
);
export type UpdatePromotionBody = Static<typeof UpdatePromotionBody>;

export const adminPromotionEndpoints = crudEndpoints({
  path: '/admin/promotions',
  resource: 'promotions',
  tag: 'Back office: promotions',
  one: 'a promotion',
  many: 'promotions',
  filters: 'Filters: `q` (text), `active`. Sort: id, text, active, sortOrder, createdAt.',
  record: AdminPromotion,
  create: CreatePromotionBody,
  update: UpdatePromotionBody,
});
