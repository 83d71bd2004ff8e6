import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import { DEFAULT_CONTENT_LANGUAGE, type ContentLanguage, type PriceOption, type Product } from '@topup/common/api';
import { notFound } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import { catalogueDal, type PriceOptionCount, type ListedProduct } from './catalogue.dal';
import { saleField } from '../promotions/promotion-prices';

const toPriceOption = (row: PriceOptionCount): PriceOption => ({
  game_amount: row.game_amount,
  price_usd: fromMinor(row.price_usd),
  price_rub: fromMinor(row.price_rub),
  available_count: row.available_count,
  ...saleField(row.price_usd, row.price_rub, row.sale_terms),
});

export function createCatalogueService(deps: { db: Knex }) {
  const { db } = deps;

  /** Regions and global prices of many products in two queries, whatever their number. */
  async function present(language: ContentLanguage, products: ListedProduct[]): Promise<Product[]> {
    if (products.length === 0) return [];
    const ids = products.map((product) => product.id);
    const withGlobalCodes = products.filter((product) => product.has_global_codes).map((product) => product.id);
    const [regionRows, priceRows] = await Promise.all([
      catalogueDal.regionsOf(db, language, ids),
      withGlobalCodes.length > 0 ? catalogueDal.priceOptions(db, withGlobalCodes, null) : Promise.resolve([]),
    ]);
    const regionsByProduct = groupBy(regionRows, (row) => row.product_id);
    const pricesByProduct = groupBy(priceRows, (row) => row.product_id);
    return products.map((product) => ({
      id: product.id,
      slug: product.slug,
      title: product.title,
      description: product.description,
      image_url: product.image_url,
      keywords: product.keywords,
      category: product.category,
      game_currency: product.game_currency,
      activationInstructions: product.activation_instructions,
      hasRegions: product.has_regions,
      hasGlobalCodes: product.has_global_codes,
      regions: product.has_regions
        ? (regionsByProduct.get(product.id) ?? []).map((region) => ({
            id: region.id,
            name: region.name,
            code: region.code,
            flag: region.flag,
            game_currency: region.game_currency || product.game_currency,
          }))
        : [],
      prices: (pricesByProduct.get(product.id) ?? []).map(toPriceOption),
      ...(product.is_game ? { is_game: true as const } : {}),
    }));
  }

  /**
   * The options of a product in a region (0 = global), in one query while it has some there. Only an
   * empty answer reads the product and the region, to tell a product or region not on sale (404) from
   * a product with no options there now.
   */
  async function options(productId: number, regionId: number, popularOnly: boolean): Promise<PriceOption[]> {
    const rows = await catalogueDal.priceOptions(db, [productId], regionId === 0 ? null : regionId, popularOnly);
    if (rows.length > 0) return rows.map(toPriceOption);
    // Options carry no text: the product is read in the default language, only to check it is on sale.
    const product = await catalogueDal.findActiveProductById(db, DEFAULT_CONTENT_LANGUAGE, productId);
    if (!product) throw notFound('Product');
    if (regionId !== 0 && (!product.has_regions || !(await catalogueDal.isRegionOfProduct(db, product.id, regionId)))) {
      throw notFound('Region of this product');
    }
    return [];
  }

  return {
    /** The products on sale (those matching `search`, in any language), their texts in `language`. */
    listProducts: async (language: ContentLanguage, search?: string) =>
      present(language, await catalogueDal.listActiveProducts(db, language, search)),

    async productBySlug(language: ContentLanguage, slug: string): Promise<Product> {
      const product = await catalogueDal.findActiveProductBySlug(db, language, slug);
      if (!product) throw notFound('Product');
      const [presented] = await present(language, [product]);
      return presented!;
    },

    priceOptions: (productId: number, regionId: number) => options(productId, regionId, false),
    popularOptions: (productId: number, regionId: number) => options(productId, regionId, true),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
