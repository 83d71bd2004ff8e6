import type { Knex } from 'knex';
import type { AdminRegion as AdminRegionRecord, CreateRegionBody, ListQuery, UpdateRegionBody } from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { deleteUnlessInUse } from '../../../lib/admin-crud';
import { notFound } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { translatedFields } from '../../../lib/translations';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import type { Region, RowOf } from '../../../models';
import { adminRegionsDal as dal, type RegionColumns } from './regions.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';

/** A region as the back office sees it (common/src/api/admin-regions.ts). */
export type AdminRegion = Dated<AdminRegionRecord, 'createdAt'>;

export const REGIONS_LIST: ListSpec = {
  resource: 'regions',
  sortable: { id: 'id', name: 'name', code: 'code', isActive: 'is_active', createdAt: 'created_at' },
  defaultSort: ['name', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    q: typedFilter.text('q', filterBy.search('name', 'code', { translations: 'translations' })),
    isActive: typedFilter.boolean('isActive', 'is_active'),
  },
};

const TEXTS = translatedFields({ name: 'name' });

const toRecord = (row: RowOf<Region>): AdminRegion => ({
  id: row.id,
  name: row.name,
  translations: TEXTS.toRecord(row.translations),
  code: row.code,
  isActive: row.is_active,
  gameCurrency: row.game_currency,
  flag: row.flag,
  createdAt: row.created_at,
});

/** The fields sent as columns; translations sent are merged into the `current` record's (none on a create). */
function toColumns(fields: UpdateRegionBody, current?: AdminRegion): RegionColumns {
  const columns: RegionColumns = {};
  if (fields.translations !== undefined) columns.translations = TEXTS.toRow(fields.translations, current?.translations);
  if (fields.name !== undefined) columns.name = fields.name.trim();
  if (fields.code !== undefined) columns.code = fields.code.trim();
  if (fields.isActive !== undefined) columns.is_active = fields.isActive;
  if (fields.gameCurrency !== undefined) columns.game_currency = fields.gameCurrency.trim();
  if (fields.flag !== undefined) columns.flag = fields.flag.trim();
  return columns;
}

export function createAdminRegionsService(deps: { db: Knex; catalogueChanges: CatalogueChanges }) {
  const { db, catalogueChanges } = deps;

  /** Runs a write, turning a taken code into 409. */
  async function writing<T>(code: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (code !== undefined && isUniqueViolation(error, 'regions_code_unique')) {
        throw conflict(`The code "${code.trim()}" is already used by another region`, { field: 'code' });
      }
      throw error;
    }
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, REGIONS_LIST);
      const page = await listPage<RowOf<Region>>(dal.records(db), REGIONS_LIST, list);
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    async get(id: number): Promise<AdminRegion> {
      const row = await dal.findRecord(db, id);
      if (!row) throw notFound('Region');
      return toRecord(row);
    },

    create: (actor: AdminActor, fields: CreateRegionBody): Promise<AdminRegion> =>
      writing(fields.code, () =>
        db.transaction(async (trx) => {
          const after = toRecord(await dal.insert(trx, toColumns(fields)));
          await recordAudit(trx, { ...auditOf(actor, 'region', 'create', after.id), before: null, after });
          return after;
        }),
      ),

    update: (actor: AdminActor, id: number, fields: UpdateRegionBody): Promise<AdminRegion> =>
      writing(fields.code, () =>
        db.transaction(async (trx) => {
          const current = await dal.lock(trx, id);
          if (!current) throw notFound('Region');
          const before = toRecord(current);
          const columns = toColumns(fields, before);
          const after = toRecord(Object.keys(columns).length > 0 ? await dal.update(trx, id, columns) : current);
          await recordAudit(trx, { ...auditOf(actor, 'region', 'update', id), before, after });
          await catalogueChanges.ofRegion(trx, id);
          return after;
        }),
      ),

    /** Refused while codes or orders use the region: deactivate it instead. */
    remove: (actor: AdminActor, id: number): Promise<AdminRegion> =>
      deleteUnlessInUse(db, actor, id, {
        entity: 'region',
        label: 'Region',
        dal: {
          lock: dal.lock,
          // Its links to products go with it (on delete cascade): their pages change.
          async delete(trx, regionId) {
            await catalogueChanges.ofRegion(trx, regionId);
            return dal.delete(trx, regionId);
          },
        },
        isInUse: dal.isInUse,
        inUseMessage: 'Codes or orders use this region, so it cannot be deleted. Deactivate it instead.',
        toRecord,
      }),
  };
}

export type AdminRegionsService = ReturnType<typeof createAdminRegionsService>;
