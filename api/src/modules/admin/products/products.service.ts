import type { Knex } from 'knex';
import { PRODUCT_CATEGORIES } from '@topup/common';
import type { AdminProduct as AdminProductRecord, CreateProductBody, ListQuery, ProductRegions, UpdateProductBody } from '@topup/common/api';
import {
  auditOf,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  typedFilter,
  type AdminActor,
  type Dated,
} from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { translatedFields } from '../../../lib/translations';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { adminProductsDal as dal, type ProductWithStock, type ProductColumns } from './products.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import type { SandboxSupplyGuard } from '../../suppliers/sandbox-supply';

/** A product as the back office sees it (common/src/api/admin-products.ts). */
export type AdminProduct = Dated<AdminProductRecord, 'createdAt' | 'updatedAt'>;

export const PRODUCTS_LIST: ListSpec = {
  resource: 'products',
  sortable: { id: 'p.id', title: 'p.title', category: 'p.category', sortOrder: 'p.sort_order', createdAt: 'p.created_at' },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'p.id'),
    q: typedFilter.text('q', filterBy.search('p.title', 'p.slug', 'p.keywords', { translations: 'p.translations' })),
    category: typedFilter.oneOf('category', 'p.category', PRODUCT_CATEGORIES),
    active: typedFilter.boolean('active', 'p.active'),
  },
};

/** The texts a shopper reads in their language: API field to column. */
const TEXTS = translatedFields({
  title: 'title',
  description: 'description',
  keywords: 'keywords',
  activationInstructions: 'activation_instructions',
});

const toRecord = (row: ProductWithStock): AdminProduct => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  imageUrl: row.image_url,
  keywords: row.keywords,
  category: row.category,
  gameCurrency: row.game_currency,
  activationInstructions: row.activation_instructions,
  translations: TEXTS.toRecord(row.translations),
  hasRegions: row.has_regions,
  hasGlobalCodes: row.has_global_codes,
  active: row.active,
  sortOrder: row.sort_order,
  regionIds: row.region_ids,
  availableCodes: row.available_codes,
  soldCodes: row.sold_codes,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * API fields to columns; only the fields sent. Text is trimmed (the slug's format allows no spaces).
 * Translations sent are merged into the `current` record's (none on a create).
 */
function toColumns(fields: UpdateProductBody, current?: AdminProduct): ProductColumns {
  const columns: ProductColumns = {};
  if (fields.translations !== undefined) columns.translations = TEXTS.toRow(fields.translations, current?.translations);
  if (fields.slug !== undefined) columns.slug = fields.slug;
  if (fields.title !== undefined) columns.title = fields.title.trim();
  if (fields.description !== undefined) columns.description = fields.description.trim();
  if (fields.imageUrl !== undefined) columns.image_url = fields.imageUrl.trim();
  if (fields.keywords !== undefined) columns.keywords = fields.keywords.trim();
  if (fields.category !== undefined) columns.category = fields.category;
  if (fields.gameCurrency !== undefined) columns.game_currency = fields.gameCurrency.trim();
  if (fields.activationInstructions !== undefined) columns.activation_instructions = fields.activationInstructions.trim();
  if (fields.hasRegions !== undefined) columns.has_regions = fields.hasRegions;
  if (fields.hasGlobalCodes !== undefined) columns.has_global_codes = fields.hasGlobalCodes;
  if (fields.active !== undefined) columns.active = fields.active;
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
}

const slugTaken = (slug: string) => conflict(`The slug "${slug}" is already used by another product or a game`, { field: 'slug' });

export function createAdminProductsService(deps: { db: Knex; catalogueChanges: CatalogueChanges; supplyGuard: SandboxSupplyGuard }) {
  const { db, catalogueChanges, supplyGuard } = deps;

  async function record(conn: Knex, id: number): Promise<AdminProduct> {
    const row = await dal.findRecord(conn, id);
    if (!row) throw notFound('Product');
    return toRecord(row);
  }

  async function regions(conn: Knex, productId: number): Promise<ProductRegions> {
    const links = await dal.regionsOf(conn, productId);
    return {
      regionIds: links.map((link) => link.region_id),
      regions: links.map((link) => ({ regionId: link.region_id, name: link.name, gameCurrency: link.game_currency ?? '' })),
    };
  }

  /** Every id must be a region; unknown ones are a 400 naming them. */
  async function assertRegionsExist(conn: Knex, regionIds: number[]): Promise<void> {
    const existing = await dal.existingRegionIds(conn, regionIds);
    const missing = regionIds.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      throw validationFailed('The request is not valid', [{ field: 'regionIds', message: `no such region: ${missing.join(', ')}` }]);
    }
  }

  /** Runs a write, turning a taken slug into 409 whichever check saw it first. */
  async function writing<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (slug !== undefined && isUniqueViolation(error, 'products_slug_unique')) throw slugTaken(slug);
      throw error;
    }
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, PRODUCTS_LIST);
      const page = await listPage<ProductWithStock>(dal.records(db), PRODUCTS_LIST, list, 'p.id');
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => record(db, id),

    create: (actor: AdminActor, fields: CreateProductBody): Promise<AdminProduct> =>
      writing(fields.slug, () =>
        db.transaction(async (trx) => {
          if (fields.regionIds) await assertRegionsExist(trx, fields.regionIds);
          const id = await dal.insert(trx, toColumns(fields));
          if (fields.regionIds) await dal.replaceRegions(trx, id, fields.regionIds);
          const after = await record(trx, id);
          await recordAudit(trx, { ...auditOf(actor, 'product', 'create', id), before: null, after });
          catalogueChanges.products(trx, [id]);
          return after;
        }),
      ),

    update: (actor: AdminActor, id: number, fields: UpdateProductBody): Promise<AdminProduct> =>
      writing(fields.slug, () =>
        db.transaction(async (trx) => {
          if (!(await dal.lock(trx, id))) throw notFound('Product');
          const before = await record(trx, id);
          if (fields.regionIds) await assertRegionsExist(trx, fields.regionIds);
          const columns = toColumns(fields, before);
          if (Object.keys(columns).length > 0) await dal.update(trx, id, columns);
          if (fields.regionIds) await dal.replaceRegions(trx, id, fields.regionIds);
          const after = await record(trx, id);
          await supplyGuard(trx);
          await recordAudit(trx, { ...auditOf(actor, 'product', 'update', id), before, after });
          catalogueChanges.products(trx, [id]);
          return after;
        }),
      ),

    /** Only a product nothing was ever sold or reserved of; its unsold codes go with it. */
    remove: (actor: AdminActor, id: number): Promise<AdminProduct> =>
      db.transaction(async (trx) => {
        if (!(await dal.lock(trx, id))) throw notFound('Product');
        const before = await record(trx, id);
        if (await dal.hasSalesHistory(trx, id)) {
          throw conflict('This product has been sold or is held in an order, so it cannot be deleted. Deactivate it instead.');
        }
        if (await dal.isGame(trx, id)) throw conflict("This product is a game's, so it cannot be deleted. Deactivate it instead, under Games.");
        if (await dal.hasGeneratedCodes(trx, id)) {
          throw conflict('Free Fire codes were generated for this product, so it cannot be deleted. Deactivate it instead.');
        }
        try {
          const deletedCodes = await dal.deleteWithUnsoldCodes(trx, id);
          await recordAudit(trx, { ...auditOf(actor, 'product', 'delete', id), before: { ...before, deletedCodes }, after: null });
          catalogueChanges.products(trx, [id]);
        } catch (error) {
          // A checkout took one of its codes a moment ago: the foreign keys keep the sale intact.
          if (isForeignKeyViolation(error)) {
            throw conflict('A code of this product was just ordered, so it cannot be deleted. Deactivate it instead.');
          }
          throw error;
        }
        return before;
      }),

    regions: async (productId: number): Promise<ProductRegions> => {
      await record(db, productId);
      return regions(db, productId);
    },

    /** Replaces the set of regions in one transaction. */
    setRegions: (actor: AdminActor, productId: number, regionIds: number[]): Promise<ProductRegions> =>
      db.transaction(async (trx) => {
        if (!(await dal.lock(trx, productId))) throw notFound('Product');
        await assertRegionsExist(trx, regionIds);
        const before = await regions(trx, productId);
        await dal.replaceRegions(trx, productId, regionIds);
        const after = await regions(trx, productId);
        await recordAudit(trx, { ...auditOf(actor, 'product', 'regions_update', productId), before, after });
        catalogueChanges.products(trx, [productId]);
        return after;
      }),

    /** The game currency of the product in one of its regions; '' falls back to the product's own. */
    setRegionCurrency: (actor: AdminActor, productId: number, regionId: number, gameCurrency: string): Promise<ProductRegions> =>
      db.transaction(async (trx) => {
        if (!(await dal.lock(trx, productId))) throw notFound('Product');
        const before = await regions(trx, productId);
        const trimmed = gameCurrency.trim();
        if (!(await dal.setRegionCurrency(trx, productId, regionId, trimmed === '' ? null : trimmed))) {
          throw notFound('Region of this product');
        }
        const after = await regions(trx, productId);
        await recordAudit(trx, { ...auditOf(actor, 'product', 'region_currency_update', productId), before, after });
        catalogueChanges.products(trx, [productId]);
        return after;
      }),
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
