import Type, { type Static } from 'typebox';
import { MAX_INT, Timestamp } from './contract';
import { crudEndpoints, Ignored } from './admin-crud';
import { TranslatedTexts } from './translations';

const TEXT_MAX_LENGTH = 200;
export const PromotionTranslations = TranslatedTexts({ text: TEXT_MAX_LENGTH });

/** A badge on the storefront's home page. */
export const AdminPromotion = Type.Object(
  {
    id: Type.Integer(),
    text: Type.String(),
    translations: PromotionTranslations,
    backgroundColor: Type.String({ description: "`#rrggbb`, lowercase; the storefront's badge gradient derives from it." }),
    active: Type.Boolean(),
    sortOrder: Type.Integer(),
    createdAt: Timestamp,
  },
  { examples: [{ id: 4, text: '−10% на PUBG UC в эти выходные', translations: { en: { text: '−10% on PUBG UC this weekend' }, uz: { text: '' } }, backgroundColor: '#ff6a00', active: true, sortOrder: 1, createdAt: '2026-03-01T09:00:00.000Z' }] },
);
export type AdminPromotion = Static<typeof AdminPromotion>;

const text = Type.String({ minLength: 1, maxLength: TEXT_MAX_LENGTH, pattern: '\\S' });
const backgroundColor = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '`#rrggbb`.' });
const optionalFields = {
  translations: Type.Optional(PromotionTranslations),
  active: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -MAX_INT, maximum: MAX_INT })),
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
