import type { Knex } from 'knex';
import { STOCK_THRESHOLD_TARGETS } from '@topup/common';
import {
  type AdminStockThreshold,
  type CreateStockThresholdBody,
  type ListQuery,
  type UpdateStockThresholdBody,
} from '@topup/common/api';
import { auditOf, conflict, isForeignKeyViolation, isUniqueViolation, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { stockThresholdsDal as dal, type ListedStockThreshold, type StockThresholdColumns } from './stock-thresholds.dal';

/** A threshold as the back office sees it (common/src/api/admin-stock-thresholds.ts). */
export type StockThresholdRecord = Dated<AdminStockThreshold, 'updatedAt'>;

const STOCK_THRESHOLDS_LIST: ListSpec = {
  resource: 'stock-thresholds',
  sortable: { id: 'id', threshold: 'threshold', updatedAt: 'updated_at' },
  defaultSort: ['id', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    target: typedFilter.oneOf('target', 'target', STOCK_THRESHOLD_TARGETS),
    productId: typedFilter.reference('productId', 'product_id'),
    pubgDenominationId: typedFilter.reference('pubgDenominationId', 'pubg_denomination_id'),
    freefireDenominationId: typedFilter.reference('freefireDenominationId', 'freefire_denomination_id'),
  },
};

const toRecord = (row: ListedStockThreshold): StockThresholdRecord => ({
  id: row.id,
  target: row.target,
  productId: row.product_id,
  regionId: row.region_id,
  gameAmount: row.game_amount,
  pubgDenominationId: row.pubg_denomination_id,
  freefireDenominationId: row.freefire_denomination_id,
  name: row.name,
  threshold: row.threshold,
  updatedAt: row.updated_at,
});

/** What a new threshold applies to: exactly one product, PUBG package or Free Fire offer; region and amount narrow a product. */
function targetColumns(body: CreateStockThresholdBody): StockThresholdColumns {
  const targets = [body.productId, body.pubgDenominationId, body.freefireDenominationId].filter((id) => id != null);
  if (targets.length !== 1) {
    throw validationFailed('The request is not valid', [
      { field: 'productId', message: 'name exactly one of productId, pubgDenominationId, freefireDenominationId' },
    ]);
  }
  if (body.productId == null && (body.regionId != null || body.gameAmount != null)) {
    throw validationFailed('The request is not valid', [{ field: 'regionId', message: 'a region or amount narrows a product only' }]);
  }
  return {
    product_id: body.productId ?? null,
    region_id: body.regionId ?? null,
    game_amount: body.gameAmount ?? null,
    pubg_denomination_id: body.pubgDenominationId ?? null,
    freefire_denomination_id: body.freefireDenominationId ?? null,
  };
}

/** The back office's low-stock thresholds: the default, and one per product option, PUBG package or Free Fire offer that needs its own. */
export function createStockThresholdsService(deps: { db: Knex }) {
  const { db } = deps;

  async function read(conn: Knex, id: number): Promise<StockThresholdRecord> {
    const row = await dal.find(conn, id);
    if (!row) throw notFound('Stock threshold');
    return toRecord(row);
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, STOCK_THRESHOLDS_LIST);
      const page = await listPage<ListedStockThreshold>(dal.records(db), STOCK_THRESHOLDS_LIST, list);
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => read(db, id),

    async create(actor: AdminActor, body: CreateStockThresholdBody): Promise<StockThresholdRecord> {
      const columns = { ...targetColumns(body), threshold: body.threshold };
      try {
        return await db.transaction(async (trx) => {
          const after = await read(trx, await dal.insert(trx, columns));
          await recordAudit(trx, { ...auditOf(actor, 'stock_threshold', 'create', after.id), before: null, after });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'stock_thresholds_target_unique')) throw conflict('That product option, PUBG package or Free Fire offer already has a threshold: change that one');
        if (isForeignKeyViolation(error)) {
          throw validationFailed('The request is not valid', [{ field: 'productId', message: 'the product, region, package or offer does not exist' }]);
        }
        throw error;
      }
    },

    update: (actor: AdminActor, id: number, body: UpdateStockThresholdBody): Promise<StockThresholdRecord> =>
      db.transaction(async (trx) => {
        if (!(await dal.lock(trx, id))) throw notFound('Stock threshold');
        const before = await read(trx, id);
        await dal.update(trx, id, { threshold: body.threshold });
        const after = await read(trx, id);
        await recordAudit(trx, { ...auditOf(actor, 'stock_threshold', 'update', id), before, after });
        return after;
      }),

    remove: (actor: AdminActor, id: number): Promise<StockThresholdRecord> =>
      db.transaction(async (trx) => {
        if (!(await dal.lock(trx, id))) throw notFound('Stock threshold');
        const before = await read(trx, id);
        if (before.target === 'default') throw conflict('The default threshold stays: change its number instead');
        await dal.delete(trx, id);
        await recordAudit(trx, { ...auditOf(actor, 'stock_threshold', 'delete', id), before, after: null });
        return before;
      }),
  };
}

export type StockThresholdsService = ReturnType<typeof createStockThresholdsService>;
