import Type, { type Static } from 'typebox';
import { MAX_INT, Nullable, Timestamp } from './contract';
import { crudEndpoints, Ignored, MAX_PRICE } from './admin-crud';
import { TranslatedTexts } from './translations';

const NAME_MAX_LENGTH = 200;
export const FreefireDenominationTranslations = TranslatedTexts({ name: NAME_MAX_LENGTH });

/** A Free Fire offer, with the specification's field names. */
export const FreefireDenomination = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    translations: FreefireDenominationTranslations,
    item_id: Type.Integer({ description: 'The offer id shoppers send (`topupData.offer_id`); unique.' }),
    price: Type.Number({ description: 'USD.' }),
    price_rub: Type.Number(),
    game_amount: Type.Integer({ description: 'Diamonds.' }),
    is_active: Type.Boolean(),
    created_at: Timestamp,
  },
  { examples: [{ id: 1, name: '100 алмазов', translations: { en: { name: '100 Diamonds' }, uz: { name: '100 olmos' } }, item_id: 101, price: 0.99, price_rub: 89, game_amount: 100, is_active: true, created_at: '2026-03-01T09:00:00.000Z' }] },
);
export type FreefireDenomination = Static<typeof FreefireDenomination>;

/** The fields every offer must have; a missing or empty one is "Please fill in all required fields". */
export const REQUIRED_FREEFIRE_FIELDS = ['name', 'item_id', 'price', 'price_rub', 'game_amount'] as const;

// null is accepted (an emptied form input) so that it is reported as a missing field, not a type error.
const denominationFields = {
  name: Type.Optional(Nullable(Type.String({ maxLength: NAME_MAX_LENGTH }))),
  translations: Type.Optional(FreefireDenominationTranslations),
  item_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'The offer id shoppers send; unique.' }))),
  price: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: MAX_PRICE, description: 'USD.' }))),
  price_rub: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: MAX_PRICE }))),
  game_amount: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_INT }))),
  is_active: Type.Optional(Type.Boolean()),
};

/** Every field but `is_active` is required, checked after the schema so the answer names them all at once. */
export const CreateFreefireDenominationBody = Type.Object(denominationFields, {
  additionalProperties: false,
  examples: [{ name: '100 Diamonds', item_id: 101, price: 0.99, price_rub: 89, game_amount: 100, is_active: true }],
});
export type CreateFreefireDenominationBody = Static<typeof CreateFreefireDenominationBody>;

/** The fields sent are changed; the record's read-only fields are accepted and ignored. */
export const UpdateFreefireDenominationBody = Type.Object(
  { ...denominationFields, id: Ignored, created_at: Ignored },
  { additionalProperties: false, examples: [{ price: 1.09, price_rub: 99 }] },
);
export type UpdateFreefireDenominationBody = Static<typeof UpdateFreefireDenominationBody>;

export const adminFreefireDenominationEndpoints = crudEndpoints({
  path: '/freefire-admin/denominations',
  resource: 'denominations',
  tag: 'Back office: Free Fire',
  one: 'a Free Fire offer',
  many: 'Free Fire offers',
  filters: 'Filters: `q` (name), `is_active`. Sort: id, name, item_id, price, price_rub, game_amount, is_active, created_at.',
  record: FreefireDenomination,
  create: CreateFreefireDenominationBody,
  update: UpdateFreefireDenominationBody,
  conflicts: {
    create: 'the item id is used by another offer.',
    update: 'the item id is used by another offer.',
    remove: 'codes were generated for the offer: deactivate it instead.',
  },
});
