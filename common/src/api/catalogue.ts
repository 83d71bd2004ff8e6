import Type, { type Static } from 'typebox';
import { PRODUCT_CATEGORIES } from '../index';
import { ContentLanguageQuery, contentLanguageField, endpoint, MAX_INT, Strict, StringEnum } from './contract';
import { Sale } from './promotions';

export const ListProductsQuery = Strict({
  search: Type.Optional(
    Type.String({ maxLength: 100, description: 'Words that must each appear in the title or the keywords, in any case.' }),
  ),
  lang: contentLanguageField,
});
export type ListProductsQuery = Static<typeof ListProductsQuery>;

export const SlugParams = Strict({ slug: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 100 }) });
export type SlugParams = Static<typeof SlugParams>;

export const PriceOptionsParams = Strict({
  id: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'The product.' }),
  regionId: Type.Integer({ minimum: 0, maximum: MAX_INT, description: "A region of the product, or 0 for its global codes." }),
});
export type PriceOptionsParams = Static<typeof PriceOptionsParams>;

/** A price option: codes of one amount at one price; prices are decimals. */
export const PriceOption = Type.Object(
  {
    game_amount: Type.Integer(),
    price_usd: Type.Number(),
    price_rub: Type.Number(),
    available_count: Type.Integer({ description: 'Codes on sale now at exactly this amount and price.' }),
    sale: Type.Optional(Sale),
  },
  { examples: [{ game_amount: 100, price_usd: 1.99, price_rub: 157.21, available_count: 12 }] },
);
export type PriceOption = Static<typeof PriceOption>;

export const ProductRegion = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  flag: Type.String({ description: 'An emoji or an image URL.' }),
  game_currency: Type.String({ description: "The product's game currency in this region: the region's own name, else the product's." }),
});
export type ProductRegion = Static<typeof ProductRegion>;

/** A product as the storefront shows it; texts the admin left empty are ''. */
export const Product = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    description: Type.String(),
    image_url: Type.String(),
    keywords: Type.String({ description: 'Comma separated.' }),
    category: StringEnum(PRODUCT_CATEGORIES),
    game_currency: Type.String(),
    activationInstructions: Type.String(),
    hasRegions: Type.Boolean(),
    hasGlobalCodes: Type.Boolean(),
    regions: Type.Array(ProductRegion, { description: 'Its active regions (empty when the product is not sold by region).' }),
    prices: Type.Array(PriceOption, { description: 'Price options of the global codes (empty for a product sold only by region).' }),
    is_game: Type.Optional(
      Type.Literal(true, {
        description: 'Present on a game top-up (its fields and denominations: GET /games/{slug}); absent on every other product.',
      }),
    ),
  },
  {
    examples: [
      {
        id: 7,
        slug: 'steam-gift-card-tr',
        title: 'Steam Gift Card (Turkey)',
        description: 'A Steam wallet code for Turkish accounts.',
        image_url: 'https://example.com/images/steam-tr.png',
        keywords: 'steam,gift card,tr',
        category: 'gift_card',
        game_currency: 'TRY',
        activationInstructions: 'Open Steam, choose "Redeem a Steam Wallet Code" and paste the code.',
        hasRegions: true,
        hasGlobalCodes: false,
        regions: [{ id: 3, name: 'Turkey', code: 'TR', flag: '🇹🇷', game_currency: 'TRY' }],
        prices: [],
      },
    ],
  },
);
export type Product = Static<typeof Product>;

const tag = 'Catalogue';
const priceOptions = Type.Array(PriceOption);

export const catalogueEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/products',
    auth: 'none',
    tag,
    summary: 'The products on sale',
    description: 'Top-ups first, then gift cards, each in the back office’s order.',
    query: ListProductsQuery,
    response: Type.Array(Product),
  }),
  bySlug: endpoint({
    method: 'get',
    path: '/products/slug/:slug',
    auth: 'none',
    tag,
    summary: 'A product by its address',
    params: SlugParams,
    query: ContentLanguageQuery,
    response: Product,
    errors: [404],
  }),
  priceOptions: endpoint({
    method: 'get',
    path: '/products/:id/codes/:regionId',
    auth: 'none',
    tag,
    summary: 'The price options of a product in a region',
    description: '`regionId` 0: the global codes (an empty list when the product has none). 404 for a product not on sale or a region it is not sold in.',
    params: PriceOptionsParams,
    query: ContentLanguageQuery,
    response: priceOptions,
    errors: [404],
  }),
  popularOptions: endpoint({
    method: 'get',
    path: '/products/:id/popular/:regionId',
    auth: 'none',
    tag,
    summary: 'The popular price options of a product in a region',
    description: 'The options the back office marked popular, as `/products/{id}/codes/{regionId}` answers them.',
    params: PriceOptionsParams,
    query: ContentLanguageQuery,
    response: priceOptions,
    errors: [404],
  }),
};
