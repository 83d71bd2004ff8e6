import Type, { type Static } from 'typebox';
import { PRODUCT_CATEGORIES } from '../admin-records';
import { endpoint, IdParams, MAX_INT, Strict, StringEnum, Timestamp } from './contract';
import { crudEndpoints, Ignored } from './admin-crud';
import { TranslatedTexts } from './translations';

/** The longest text of each field shoppers read in their language, in every language. */
const TEXT_MAX_LENGTH = { title: 200, description: 5000, keywords: 1000, activationInstructions: 10_000 };
export const ProductTranslations = TranslatedTexts(TEXT_MAX_LENGTH);

/** A product as the back office sees it. */
export const AdminProduct = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    description: Type.String(),
    imageUrl: Type.String(),
    keywords: Type.String(),
    category: StringEnum(PRODUCT_CATEGORIES),
    gameCurrency: Type.String(),
    activationInstructions: Type.String(),
    translations: ProductTranslations,
    hasRegions: Type.Boolean(),
    hasGlobalCodes: Type.Boolean({ description: 'Codes valid in every region may be sold.' }),
    active: Type.Boolean(),
    sortOrder: Type.Integer(),
    regionIds: Type.Array(Type.Integer()),
    availableCodes: Type.Integer({ description: 'Codes on sale now.' }),
    soldCodes: Type.Integer(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  {
    examples: [
      {
        id: 12,
        slug: 'steam-wallet-tr',
        title: 'Steam Wallet Turkey',
        description: 'A Steam wallet code for Turkish accounts.',
        imageUrl: '/images/steam.svg',
        keywords: 'steam, wallet, tl',
        category: 'gift_card',
        gameCurrency: 'TL',
        activationInstructions: 'Steam → Account → Add funds → Redeem a code.',
        translations: {
          en: { title: 'Steam Wallet Turkey', description: '', keywords: 'steam, wallet', activationInstructions: '' },
          uz: { title: 'Steam hamyon Turkiya', description: '', keywords: 'стим', activationInstructions: '' },
        },
        hasRegions: true,
        hasGlobalCodes: false,
        active: true,
        sortOrder: 10,
        regionIds: [3],
        availableCodes: 48,
        soldCodes: 210,
        createdAt: '2026-03-01T09:00:00.000Z',
        updatedAt: '2026-03-04T12:30:00.000Z',
      },
    ],
  },
);
export type AdminProduct = Static<typeof AdminProduct>;

const RegionIds = Type.Array(Type.Integer({ minimum: 1, maximum: MAX_INT }), { maxItems: 1000, uniqueItems: true });

/** What a create must name. */
const requiredFields = {
  slug: Type.String({
    maxLength: 100,
    pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    description: 'The storefront address /products/<slug>: lowercase letters, digits and single dashes; unique.',
  }),
  title: Type.String({ minLength: 1, maxLength: TEXT_MAX_LENGTH.title, pattern: '\\S' }),
  category: StringEnum(PRODUCT_CATEGORIES),
};

const optionalFields = {
  description: Type.Optional(Type.String({ maxLength: TEXT_MAX_LENGTH.description })),
  imageUrl: Type.Optional(
    Type.String({ maxLength: 2000, format: 'web-url', description: "An http(s) URL, a path of the store (`/images/x.svg`, never `//host`) or ''." }),
  ),
  keywords: Type.Optional(Type.String({ maxLength: TEXT_MAX_LENGTH.keywords, description: 'Comma separated search words; transliterations (пабг, стим) go here or in a translation.' })),
  gameCurrency: Type.Optional(Type.String({ maxLength: 64 })),
  activationInstructions: Type.Optional(Type.String({ maxLength: TEXT_MAX_LENGTH.activationInstructions })),
  translations: Type.Optional(ProductTranslations),
  hasRegions: Type.Optional(Type.Boolean()),
  hasGlobalCodes: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -MAX_INT, maximum: MAX_INT })),
  regionIds: Type.Optional(RegionIds),
};

export const CreateProductBody = Type.Object(
  { ...requiredFields, ...optionalFields },
  {
    additionalProperties: false,
    examples: [{ slug: 'steam-wallet-tr', title: 'Steam Wallet Turkey', category: 'gift_card', gameCurrency: 'TL', hasRegions: true, regionIds: [3] }],
  },
);
export type CreateProductBody = Static<typeof CreateProductBody>;

/** The fields sent are changed; the record's computed fields are accepted and ignored, so a form can send back what it loaded. */
export const UpdateProductBody = Type.Object(
  {
    slug: Type.Optional(requiredFields.slug),
    title: Type.Optional(requiredFields.title),
    category: Type.Optional(requiredFields.category),
    ...optionalFields,
    id: Ignored,
    availableCodes: Ignored,
    soldCodes: Ignored,
    createdAt: Ignored,
    updatedAt: Ignored,
  },
  { additionalProperties: false, examples: [{ title: 'Steam Wallet Türkiye', active: false }] },
);
export type UpdateProductBody = Static<typeof UpdateProductBody>;

/** The regions a product is sold in, with each one's game currency ('' = the product's own). */
export const ProductRegions = Type.Object(
  {
    regionIds: Type.Array(Type.Integer()),
    regions: Type.Array(Type.Object({ regionId: Type.Integer(), name: Type.String(), gameCurrency: Type.String() })),
  },
  { examples: [{ regionIds: [3, 5], regions: [{ regionId: 3, name: 'Turkey', gameCurrency: 'TL' }, { regionId: 5, name: 'Europe', gameCurrency: '' }] }] },
);
export type ProductRegions = Static<typeof ProductRegions>;

export const ProductRegionsBody = Type.Object({ regionIds: RegionIds }, { additionalProperties: false, examples: [{ regionIds: [3, 5] }] });
export type ProductRegionsBody = Static<typeof ProductRegionsBody>;

export const ProductRegionParams = Strict({
  id: Type.Integer({ minimum: 1, maximum: MAX_INT }),
  regionId: Type.Integer({ minimum: 1, maximum: MAX_INT }),
});

export const RegionCurrencyBody = Type.Object(
  { gameCurrency: Type.String({ maxLength: 64, description: "'' = the product's own game currency." }) },
  { additionalProperties: false, examples: [{ gameCurrency: 'TL' }] },
);
export type RegionCurrencyBody = Static<typeof RegionCurrencyBody>;

const tag = 'Back office: products';

export const adminProductEndpoints = {
  ...crudEndpoints({
    path: '/admin/products',
    resource: 'products',
    tag,
    one: 'a product',
    many: 'products',
    filters: 'Filters: `q` (title, slug, keywords), `category`, `active`. Sort: id, title, category, sortOrder, createdAt.',
    record: AdminProduct,
    create: CreateProductBody,
    update: UpdateProductBody,
    conflicts: {
      create: 'the slug is taken.',
      update: 'the slug is taken.',
      remove:
        "a code of it was sold or is held in an order, Free Fire codes were generated for it, or it is a game's product: deactivate it instead. Its unsold codes go with it.",
    },
  }),
  regions: endpoint({
    method: 'get',
    path: '/admin/products/:id/regions',
    auth: 'admin',
    tag,
    summary: "A product's regions",
    params: IdParams,
    response: ProductRegions,
    errors: [404],
  }),
  setRegions: endpoint({
    method: 'put',
    path: '/admin/products/:id/regions',
    auth: 'admin',
    tag,
    summary: "Replace a product's regions",
    description: 'The whole set in one go; regions kept keep their game currency. An unknown region is a 400 naming it.',
    params: IdParams,
    body: ProductRegionsBody,
    response: ProductRegions,
    errors: [404],
  }),
  setRegionCurrency: endpoint({
    method: 'put',
    path: '/admin/products/:id/regions/:regionId/currency',
    auth: 'admin',
    tag,
    summary: "A product's game currency in one of its regions",
    description: "404 when the region is not one of the product's.",
    params: ProductRegionParams,
    body: RegionCurrencyBody,
    response: ProductRegions,
    errors: [404],
  }),
};
