import type { Knex } from 'knex';
import type { AdminPromotion as AdminPromotionRecord, CreatePromotionBody, ListQuery, UpdatePromotionBody } from '@topup/common/api';
import { fromMinor, hasAtMostTwoDecimals, toMinor } from '@topup/common';
import { auditOf, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { translatedFields } from '../../../lib/translations';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { adminPromotionsDal as dal, type ListedPromotion, type PromotionColumns } from './promotions.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';

/** A promotion badge as the back office sees it (common/src/api/admin-promotions.ts). */
export type AdminPromotion = Dated<AdminPromotionRecord, 'createdAt'>;

export const PROMOTIONS_LIST: ListSpec = {
  resource: 'promotions',
  sortable: { id: 'id', text: 'text', active: 'active', sortOrder: 'sort_order', createdAt: 'created_at' },
  defaultSort: ['sortOrder', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    q: typedFilter.text('q', filterBy.search('text', { translations: 'translations' })),
    active: typedFilter.boolean('active', 'active'),
  },
};

const TEXTS = translatedFields({ text: 'text' });

const toRecord = (row: ListedPromotion): AdminPromotion => ({
  id: row.id,
  text: row.text,
  translations: TEXTS.toRecord(row.translations),
  backgroundColor: row.background_color,
  active: row.active,
  sortOrder: row.sort_order,
  discountType: row.discount_type,
  // A percent is kept whole; a fixed sum in minor units of its currency.
  discountValue: row.discount_value === null ? null : row.discount_type === 'percent' ? row.discount_value : fromMinor(row.discount_value),
  currency: row.currency,
  productIds: row.product_ids,
  gameIds: row.game_ids,
  denominationIds: row.denomination_ids,
  validFrom: row.valid_from ? row.valid_from.toISOString() : null,
  validTo: row.valid_to ? row.valid_to.toISOString() : null,
  createdAt: row.created_at,
});

type Discount = Pick<AdminPromotion, 'discountType' | 'discountValue' | 'currency' | 'productIds' | 'gameIds' | 'denominationIds' | 'validFrom' | 'validTo'>;

/**
 * The store's rules for a promotion's discount, scope and period (docs/architecture.md, "Promotions
 * that discount") on the promotion as it would be, as one 400 naming every field wrong; its columns
 * otherwise. A badge without a discount keeps no value or currency.
 */
function discountColumns(discount: Discount): PromotionColumns {
  const { discountType, discountValue, productIds, gameIds, denominationIds } = discount;
  const currency = discountType === 'fixed' ? discount.currency : null;
  const wrong: Array<{ field: string; message: string }> = [];
  if (discountType !== null && discountValue === null) wrong.push({ field: 'discountValue', message: 'is required with a discount' });
  if (discountType === 'percent' && discountValue !== null && !(Number.isInteger(discountValue) && discountValue >= 1 && discountValue <= 100)) {
    wrong.push({ field: 'discountValue', message: 'must be a whole percent from 1 to 100' });
  }
  if (discountType === 'fixed' && currency === null) wrong.push({ field: 'currency', message: 'is required for a fixed discount' });
  if (discountType === 'fixed' && discountValue !== null && !(currency === 'uzs' ? Number.isInteger(discountValue) : hasAtMostTwoDecimals(discountValue))) {
    wrong.push({ field: 'discountValue', message: 'must be a sum of the currency (whole sums in UZS)' });
  }
  if (discountType !== null && productIds.length + gameIds.length + denominationIds.length === 0) {
    wrong.push({ field: 'productIds', message: 'must name at least one product, game or denomination with a discount' });
  }
  const validFrom = discount.validFrom ? new Date(discount.validFrom) : null;
  const validTo = discount.validTo ? new Date(discount.validTo) : null;
  if (validFrom && validTo && validFrom >= validTo) wrong.push({ field: 'validTo', message: 'must be after validFrom' });
  if (wrong.length > 0) throw validationFailed('The request is not valid', wrong);
  return {
    discount_type: discountType,
    discount_value: discountType === null || discountValue === null ? null : discountType === 'percent' ? discountValue : toMinor(discountValue),
    currency,
    product_ids: productIds,
    game_ids: gameIds,
    denomination_ids: denominationIds,
    valid_from: validFrom,
    valid_to: validTo,
  };
}

const NO_DISCOUNT: Discount = {
  discountType: null,
  discountValue: null,
  currency: null,
  productIds: [],
  gameIds: [],
  denominationIds: [],
  validFrom: null,
  validTo: null,
};

const DISCOUNT_FIELDS = Object.keys(NO_DISCOUNT) as Array<keyof Discount>;

/** The fields sent as columns (a discount's checked whole, as it would be); translations sent are merged into the `current` record's (none on a create). */
function toColumns(fields: UpdatePromotionBody, current?: AdminPromotion): PromotionColumns {
  const columns: PromotionColumns = {};
  if (fields.translations !== undefined) columns.translations = TEXTS.toRow(fields.translations, current?.translations);
  if (fields.text !== undefined) columns.text = fields.text.trim();
  // Stored lowercase so equal colours compare equal.
  if (fields.backgroundColor !== undefined) columns.background_color = fields.backgroundColor.toLowerCase();
  if (fields.active !== undefined) columns.active = fields.active;
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  const sent = DISCOUNT_FIELDS.filter((field) => fields[field] !== undefined);
  if (sent.length === 0) return columns;
  const discount = { ...(current ?? NO_DISCOUNT) };
  for (const field of sent) Object.assign(discount, { [field]: fields[field] });
  return { ...columns, ...discountColumns(discount) };
}

export function createAdminPromotionsService(deps: { db: Knex; catalogueChanges: CatalogueChanges }) {
  const { db, catalogueChanges } = deps;

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, PROMOTIONS_LIST);
      const page = await listPage<ListedPromotion>(dal.records(db), PROMOTIONS_LIST, list);
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    async get(id: number): Promise<AdminPromotion> {
      const row = await dal.findRecord(db, id);
      if (!row) throw notFound('Promotion');
      return toRecord(row);
    },

    create: (actor: AdminActor, fields: CreatePromotionBody): Promise<AdminPromotion> =>
      db.transaction(async (trx) => {
        const after = toRecord(await dal.insert(trx, toColumns(fields)));
        await recordAudit(trx, { ...auditOf(actor, 'promotion', 'create', after.id), before: null, after });
        catalogueChanges.everything(trx);
        return after;
      }),

    update: (actor: AdminActor, id: number, fields: UpdatePromotionBody): Promise<AdminPromotion> =>
      db.transaction(async (trx) => {
        const current = await dal.lock(trx, id);
        if (!current) throw notFound('Promotion');
        const before = toRecord(current);
        const columns = toColumns(fields, before);
        const after = toRecord(Object.keys(columns).length > 0 ? await dal.update(trx, id, columns) : current);
        await recordAudit(trx, { ...auditOf(actor, 'promotion', 'update', id), before, after });
        catalogueChanges.everything(trx);
        return after;
      }),

    remove: (actor: AdminActor, id: number): Promise<AdminPromotion> =>
      db.transaction(async (trx) => {
        const current = await dal.lock(trx, id);
        if (!current) throw notFound('Promotion');
        await dal.delete(trx, id);
        const before = toRecord(current);
        await recordAudit(trx, { ...auditOf(actor, 'promotion', 'delete', id), before, after: null });
        catalogueChanges.everything(trx);
        return before;
      }),
  };
}

export type AdminPromotionsService = ReturnType<typeof createAdminPromotionsService>;
