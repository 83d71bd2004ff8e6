import type { Knex } from 'knex';
import type { AdminPromotion as AdminPromotionRecord, CreatePromotionBody, ListQuery, UpdatePromotionBody } from '@topup/common/api';
import { auditOf, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound } from '../../../lib/app-error';
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
  createdAt: row.created_at,
});

/** The fields sent as columns; translations sent are merged into the `current` record's (none on a create). */
function toColumns(fields: UpdatePromotionBody, current?: AdminPromotion): PromotionColumns {
  const columns: PromotionColumns = {};
  if (fields.translations !== undefined) columns.translations = TEXTS.toRow(fields.translations, current?.translations);
  if (fields.text !== undefined) columns.text = fields.text.trim();
  // Stored lowercase so equal colours compare equal.
  if (fields.backgroundColor !== undefined) columns.background_color = fields.backgroundColor.toLowerCase();
  if (fields.active !== undefined) columns.active = fields.active;
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
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
