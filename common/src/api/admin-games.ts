import Type, { type Static } from 'typebox';
import { MAX_INT } from '../column-limits';
import {
  GAME_FIELD_CHOICES_MAX,
  GAME_FIELD_KEY_PATTERN,
  GAME_FIELD_LABEL_MAX_LENGTH,
  GAME_FIELD_PATTERN_MAX_LENGTH,
  GAME_FIELD_VALUE_MAX_LENGTH,
  GAME_FIELDS_MAX,
  GAME_SLUG_PATTERN,
} from '../game-fields';
import { Nullable, StringEnum, Timestamp } from './contract';
import { crudEndpoints, Ignored, Money } from './admin-crud';
import { GameFieldKind } from './games';
import { TranslatedTexts } from './translations';

/*
 * The back office's games and their denominations (docs/architecture.md, "Games"): a game is also a
 * product of the top-up category, so its slug is unique across products and games. Neither is deleted:
 * an admin deactivates it.
 */

const GAME_TEXT_MAX_LENGTH = { title: 200, description: 5000, keywords: 1000 };
export const GameTranslations = TranslatedTexts(GAME_TEXT_MAX_LENGTH);
export const GameFieldTranslations = TranslatedTexts({ label: GAME_FIELD_LABEL_MAX_LENGTH });

const label = Type.String({ minLength: 1, maxLength: GAME_FIELD_LABEL_MAX_LENGTH, pattern: '\\S', description: 'In Russian.' });

export const AdminGameFieldChoice = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: GAME_FIELD_VALUE_MAX_LENGTH, pattern: '^\\S(.*\\S)?$', description: 'What the shopper sends; unique within the field.' }),
    label,
    translations: Type.Optional(GameFieldTranslations),
  },
  { additionalProperties: false },
);

/** A field as the back office writes it: labels in Russian with their translations. */
export const AdminGameField = Type.Object(
  {
    key: Type.String({ pattern: GAME_FIELD_KEY_PATTERN, description: 'Lowercase letters, digits and _, from a letter; unique within the game.' }),
    label,
    translations: Type.Optional(GameFieldTranslations),
    kind: GameFieldKind,
    pattern: Type.Optional(
      Nullable(
        Type.String({
          maxLength: GAME_FIELD_PATTERN_MAX_LENGTH,
          description: "RE2 syntax (no look-around, no back-references), matched against the whole value; null or '': any value. One that does not compile is a 400.",
        }),
      ),
    ),
    required: Type.Boolean(),
    choices: Type.Optional(Type.Array(AdminGameFieldChoice, { maxItems: GAME_FIELD_CHOICES_MAX, description: 'A select only, and a select needs one at least.' })),
  },
  { additionalProperties: false },
);
export type AdminGameField = Static<typeof AdminGameField>;

const GameFields = Type.Array(AdminGameField, {
  minItems: 1,
  maxItems: GAME_FIELDS_MAX,
  description: 'The fields the shopper fills, in order; the first is the account the top-up credits.',
});

/** How a game is priced: by its denominations, or from an amount the shopper enters (Steam). */
export const GAME_PRICINGS = ['denominations', 'amount'] as const;

/** A game as the back office sees it; its texts are those of its catalogue product. */
export const AdminGame = Type.Object(
  {
    id: Type.Integer(),
    productId: Type.Integer({ description: 'Its product in the catalogue (same slug, texts, picture and active flag).' }),
    slug: Type.String(),
    title: Type.String(),
    description: Type.String(),
    keywords: Type.String(),
    translations: GameTranslations,
    imageUrl: Type.String({ description: "'' when the game has no picture." }),
    playerCheck: Type.Boolean(),
    active: Type.Boolean(),
    sortOrder: Type.Integer(),
    pricing: StringEnum(GAME_PRICINGS, { description: 'Only the specification’s Steam is priced from an amount.' }),
    fields: Type.Array(
      Type.Object({
        key: Type.String(),
        label: Type.String(),
        translations: GameFieldTranslations,
        kind: GameFieldKind,
        pattern: Nullable(Type.String()),
        required: Type.Boolean(),
        choices: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String(), translations: GameFieldTranslations }))),
      }),
    ),
    denominationCount: Type.Integer({ description: 'Its denominations, active or not.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  {
    examples: [
      {
        id: 4,
        productId: 31,
        slug: 'mobile-legends',
        title: 'Mobile Legends',
        description: 'Алмазы по ID игрока и зоне',
        keywords: 'mlbb, млбб',
        translations: {
          en: { title: 'Mobile Legends', description: 'Diamonds by player and zone id', keywords: '' },
          uz: { title: 'Mobile Legends', description: "O'yinchi va zona ID bo'yicha olmoslar", keywords: '' },
        },
        imageUrl: '',
        playerCheck: true,
        active: true,
        sortOrder: 0,
        pricing: 'denominations',
        fields: [
          {
            key: 'player_id',
            label: 'ID игрока',
            translations: { en: { label: 'Player ID' }, uz: { label: "O'yinchi ID" } },
            kind: 'text',
            pattern: '^[0-9]{5,12}$',
            required: true,
          },
          {
            key: 'zone_id',
            label: 'Зона',
            translations: { en: { label: 'Zone ID' }, uz: { label: 'Zona ID' } },
            kind: 'text',
            pattern: '^[0-9]{1,5}$',
            required: true,
          },
        ],
        denominationCount: 2,
        createdAt: '2026-12-01T09:00:00.000Z',
        updatedAt: '2026-12-01T09:00:00.000Z',
      },
    ],
  },
);
export type AdminGame = Static<typeof AdminGame>;

const gameOptionalFields = {
  description: Type.Optional(Type.String({ maxLength: GAME_TEXT_MAX_LENGTH.description })),
  keywords: Type.Optional(Type.String({ maxLength: GAME_TEXT_MAX_LENGTH.keywords, description: 'Comma separated search words.' })),
  translations: Type.Optional(GameTranslations),
  imageUrl: Type.Optional(
    Nullable(
      Type.String({ maxLength: 2000, format: 'web-url', description: "An http(s) URL, a path of the store (`/images/x.svg`, never `//host`), '' or null: no picture." }),
    ),
  ),
  playerCheck: Type.Optional(Type.Boolean({ description: 'Offer the Find button (false by default).' })),
  active: Type.Optional(Type.Boolean({ description: 'On sale: listed, its page and top-ups open (true by default).' })),
  sortOrder: Type.Optional(Type.Integer({ minimum: -MAX_INT, maximum: MAX_INT })),
};

const slug = Type.String({
  maxLength: 100,
  pattern: GAME_SLUG_PATTERN,
  description: 'The storefront address /products/<slug>: lowercase letters, digits and single dashes; unique across products and games.',
});
const title = Type.String({ minLength: 1, maxLength: GAME_TEXT_MAX_LENGTH.title, pattern: '\\S' });

export const CreateGameBody = Type.Object(
  { slug, title, fields: GameFields, ...gameOptionalFields },
  {
    additionalProperties: false,
    examples: [
      {
        slug: 'mobile-legends',
        title: 'Mobile Legends',
        description: 'Алмазы по ID игрока и зоне',
        translations: {
          en: { title: 'Mobile Legends', description: 'Diamonds by player and zone id' },
          uz: { title: 'Mobile Legends', description: "O'yinchi va zona ID bo'yicha olmoslar" },
        },
        imageUrl: null,
        playerCheck: true,
        active: true,
        fields: [
          { key: 'player_id', label: 'ID игрока', kind: 'text', pattern: '^[0-9]{5,12}$', required: true, translations: { en: { label: 'Player ID' }, uz: { label: "O'yinchi ID" } } },
          { key: 'zone_id', label: 'Зона', kind: 'text', pattern: '^[0-9]{1,5}$', required: true, translations: { en: { label: 'Zone ID' }, uz: { label: 'Zona ID' } } },
        ],
      },
    ],
  },
);
export type CreateGameBody = Static<typeof CreateGameBody>;

/** The fields sent are changed (`fields` as a whole list); the record's read-only fields are accepted and ignored. */
export const UpdateGameBody = Type.Object(
  {
    slug: Type.Optional(slug),
    title: Type.Optional(title),
    fields: Type.Optional(GameFields),
    ...gameOptionalFields,
    id: Ignored,
    productId: Ignored,
    pricing: Ignored,
    denominationCount: Ignored,
    createdAt: Ignored,
    updatedAt: Ignored,
  },
  { additionalProperties: false, examples: [{ active: false }] },
);
export type UpdateGameBody = Static<typeof UpdateGameBody>;

const { remove: _removeGame, ...gameCrud } = crudEndpoints({
  path: '/admin/games',
  resource: 'games',
  tag: 'Back office: games',
  one: 'a game',
  many: 'games',
  filters: 'Filters: `id`, `q` (title, slug, keywords, in any language), `active`. Sort: id, slug, title, active, sortOrder, createdAt.',
  record: AdminGame,
  create: CreateGameBody,
  update: UpdateGameBody,
  conflicts: { create: 'the slug is taken by a product or a game.', update: 'the slug is taken by a product or a game.' },
});
/** List, read, create and update: a game is deactivated, never deleted. */
export const adminGameEndpoints = gameCrud;

/**
 * Where a denomination is delivered from, tried by priority (1 first): the sandbox game provider, the store's
 * own code stock, or a supplier's product.
 */
export const DENOMINATION_SOURCE_KINDS = ['sandbox', 'code_stock', 'supplier'] as const;

/** Most sources one denomination lists. */
const MAX_SOURCES = 20;

export const DenominationSource = Type.Object(
  {
    kind: Type.Optional(
      StringEnum(DENOMINATION_SOURCE_KINDS, {
        description:
          '`sandbox`: the sandbox game provider credits it; `code_stock`: a code of the store’s stock is redeemed for the account; `supplier`: the supplier product `supplierProductId` is bought (implied by it).',
      }),
    ),
    supplierProductId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'A supplier product (GET /admin/supplier-products); null for the other kinds.' }))),
    priority: Type.Integer({ minimum: 1, maximum: 100, description: 'Lower is tried first; unique within the denomination.' }),
  },
  { additionalProperties: false },
);
export type DenominationSource = Static<typeof DenominationSource>;

const DenominationSources = Type.Array(DenominationSource, {
  minItems: 1,
  maxItems: MAX_SOURCES,
  description: '`sandbox` and `code_stock` at most once each, a supplier product at most once. Default on create: the sandbox alone.',
});

const NAME_MAX_LENGTH = 200;
const UNIT_MAX_LENGTH = 50;
export const GameDenominationTranslations = TranslatedTexts({ name: NAME_MAX_LENGTH, unit: UNIT_MAX_LENGTH });

export const AdminGameDenomination = Type.Object(
  {
    id: Type.Integer(),
    gameId: Type.Integer(),
    name: Type.String({ description: 'In Russian.' }),
    unit: Type.String({ description: 'What `amount` counts, in Russian.' }),
    translations: GameDenominationTranslations,
    amount: Type.Integer(),
    priceUsd: Type.Number(),
    priceRub: Type.Number(),
    itemId: Nullable(Type.Integer({ description: "The game's own id of the offer, which top-ups send as offer_id instead of `id` (Free Fire's item_id); null: none." })),
    active: Type.Boolean(),
    sortOrder: Type.Integer(),
    sources: Type.Array(DenominationSource, { description: 'By priority.' }),
    availableCodes: Type.Integer({ description: 'Codes of it in the code stock, on sale now.' }),
    sellAtLoss: Type.Boolean({ description: 'An admin confirmed selling it although its cheapest source costs more than its price.' }),
    cheapestCost: Type.Object(
      { usd: Nullable(Type.Number()), rub: Nullable(Type.Number()) },
      { description: "Its cheapest active supplier source's cost in each sale currency, by the store's rates; null where none is known." },
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  {
    examples: [
      {
        id: 41,
        gameId: 4,
        name: '86 алмазов',
        unit: 'алмазов',
        translations: { en: { name: '86 Diamonds', unit: 'diamonds' }, uz: { name: '86 olmos', unit: 'olmos' } },
        amount: 86,
        priceUsd: 1.49,
        priceRub: 118,
        itemId: null,
        active: true,
        sortOrder: 0,
        sources: [
          { kind: 'supplier', supplierProductId: 17, priority: 1 },
          { kind: 'sandbox', supplierProductId: null, priority: 2 },
        ],
        availableCodes: 0,
        sellAtLoss: false,
        cheapestCost: { usd: 1.12, rub: 88.48 },
        createdAt: '2026-12-01T09:00:00.000Z',
        updatedAt: '2026-12-01T09:00:00.000Z',
      },
    ],
  },
);
export type AdminGameDenomination = Static<typeof AdminGameDenomination>;

const denominationFields = {
  translations: Type.Optional(GameDenominationTranslations),
  itemId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_INT, description: "Unique within the game, and never another denomination's id there." }))),
  active: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -MAX_INT, maximum: MAX_INT, description: 'Lower first; equal ones by amount.' })),
  sources: Type.Optional(DenominationSources),
  sellAtLoss: Type.Optional(
    Type.Boolean({
      description:
        'Sell it although its cheapest source costs more than its price. A write that leaves it priced below that cost without this is 409 PRICE_BELOW_COST (`details: {currency, price, cost}`), and changes nothing.',
    }),
  ),
};
const denominationName = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S', description: 'In Russian.' });
const unit = Type.String({ maxLength: UNIT_MAX_LENGTH, description: "In Russian (алмазов, UC …); '' for none." });
const amount = Type.Integer({ minimum: 1, maximum: MAX_INT });

export const CreateGameDenominationBody = Type.Object(
  {
    gameId: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'A game priced by denominations.' }),
    name: denominationName,
    unit,
    amount,
    priceUsd: Money,
    priceRub: Money,
    ...denominationFields,
  },
  {
    additionalProperties: false,
    examples: [
      {
        gameId: 4,
        name: '86 алмазов',
        translations: { en: { name: '86 Diamonds', unit: 'diamonds' }, uz: { name: '86 olmos', unit: 'olmos' } },
        amount: 86,
        unit: 'алмазов',
        priceUsd: 1.49,
        priceRub: 118,
        active: true,
      },
    ],
  },
);
export type CreateGameDenominationBody = Static<typeof CreateGameDenominationBody>;

/** The fields sent are changed (`sources` as a whole list); the game never changes; read-only fields are accepted and ignored. */
export const UpdateGameDenominationBody = Type.Object(
  {
    name: Type.Optional(denominationName),
    unit: Type.Optional(unit),
    amount: Type.Optional(amount),
    priceUsd: Type.Optional(Money),
    priceRub: Type.Optional(Money),
    ...denominationFields,
    id: Ignored,
    gameId: Ignored,
    availableCodes: Ignored,
    cheapestCost: Ignored,
    createdAt: Ignored,
    updatedAt: Ignored,
  },
  { additionalProperties: false, examples: [{ priceUsd: 1.59, priceRub: 126 }] },
);
export type UpdateGameDenominationBody = Static<typeof UpdateGameDenominationBody>;

const { remove: _removeDenomination, ...denominationCrud } = crudEndpoints({
  path: '/admin/game-denominations',
  resource: 'game-denominations',
  tag: 'Back office: games',
  one: 'a game denomination',
  many: 'game denominations',
  filters: 'Filters: `gameId`, `id`, `active`, `q` (name, in any language). Sort: sortOrder (then amount; the default), id, amount, name, priceUsd, priceRub, active.',
  record: AdminGameDenomination,
  create: CreateGameDenominationBody,
  update: UpdateGameDenominationBody,
  conflicts: {
    create: 'the item id is taken within the game, or the game is priced from an amount (Steam).',
    update: 'the item id is taken within the game.',
  },
});
/** List, read, create and update: a denomination is deactivated, never deleted here. */
export const adminGameDenominationEndpoints = denominationCrud;
