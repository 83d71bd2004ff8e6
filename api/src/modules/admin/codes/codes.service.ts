import type { Knex } from 'knex';
import { CODE_STATUSES, fromMinor, type CodeStatus } from '@topup/common';
import type { AdminCode as AdminCodeRecord, BulkCodesBody, BulkCodesResult, CreateCodeBody, ListQuery, UpdateCodeBody } from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { importCodeLines, parseManualCodeLine, type NumberedLine } from '../../../lib/bulk-codes';
import type { CodeCrypto } from '@topup/server-kit';
import { maskCode } from '../../../lib/code-mask';
import { listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { adminCodesDal as dal, type CodeWithNames, type CodeColumns } from './codes.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';

/** A manual code as the back office sees it (common/src/api/admin-codes.ts): the code itself masked. */
export type AdminCode = Dated<AdminCodeRecord, 'soldAt' | 'createdAt'>;

/** How a bulk upload arrived, for the audit log. */
export type BulkForm = 'json' | 'stream';

const STATUS_WORDS: Record<CodeStatus, string> = { available: 'available', reserved: 'held for an order', used: 'sold' };

const codeTaken = () => conflict('This code is already stored', { field: 'code' });

export function createAdminCodesService(deps: { db: Knex; codeCrypto: CodeCrypto; catalogueChanges: CatalogueChanges }) {
  const { db, codeCrypto, catalogueChanges } = deps;

  const listSpec: ListSpec = {
    resource: 'codes',
    sortable: {
      id: 'c.id',
      productId: 'c.product_id',
      regionId: 'c.region_id',
      gameAmount: 'c.game_amount',
      priceUsd: 'c.price_usd',
      priceRub: 'c.price_rub',
      status: 'c.status',
      popular: 'c.popular',
      soldAt: 'c.sold_at',
      createdAt: 'c.created_at',
    },
    defaultSort: ['id', 'DESC'],
    filters: {
      id: typedFilter.ids('id', 'c.id', Number.MAX_SAFE_INTEGER),
      productId: typedFilter.reference('productId', 'c.product_id'),
      regionId: typedFilter.reference('regionId', 'c.region_id', { zeroMeansNone: true }),
      status: typedFilter.oneOf('status', 'c.status', CODE_STATUSES),
      // Codes are stored encrypted: an exact code is found by its keyed hash.
      q: typedFilter.text('q', (query, value) => void query.where('c.code_hash', codeCrypto.hash(String(value)))),
    },
  };

  const toRecord = (row: CodeWithNames): AdminCode => ({
    id: row.id,
    productId: row.product_id,
    productTitle: row.product_title,
    regionId: row.region_id,
    regionName: row.region_name,
    code: maskCode(codeCrypto.decrypt(row.code_encrypted)),
    gameAmount: row.game_amount,
    priceUsd: fromMinor(row.price_usd),
    priceRub: fromMinor(row.price_rub),
    status: row.status,
    popular: row.popular,
    orderId: row.order_id,
    soldAt: row.sold_at,
    createdAt: row.created_at,
  });

  async function record(conn: Knex, id: number): Promise<AdminCode> {
    const row = await dal.findRecord(conn, id);
    if (!row) throw notFound('Code');
    return toRecord(row);
  }

  /**
   * Where codes of a product may go: its global codes (region null or 0) when it sells them, or one
   * of its regions. Stock anywhere else would never be offered to shoppers, so it is refused.
   */
  async function placement(conn: Knex, productId: number, regionId: number | null | undefined): Promise<number | null> {
    const product = await dal.product(conn, productId);
    if (!product) throw validationFailed('The request is not valid', [{ field: 'productId', message: 'no such product' }]);
    if (!regionId) {
      if (!product.has_global_codes) {
        throw validationFailed('The request is not valid', [
          { field: 'regionId', message: 'this product sells no global codes: choose one of its regions' },
        ]);
      }
      return null;
    }
    if (!product.has_regions || !(await dal.isRegionOfProduct(conn, productId, regionId))) {
      throw validationFailed('The request is not valid', [
        { field: 'regionId', message: `region ${regionId} is not one of this product's regions` },
      ]);
    }
    return regionId;
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, listSpec);
      const page = await listPage<CodeWithNames>(dal.records(db), listSpec, list, 'c.id');
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => record(db, id),

    async create(actor: AdminActor, body: CreateCodeBody): Promise<AdminCode> {
      const prices = minorUnits({ priceUsd: body.priceUsd, priceRub: body.priceRub });
      try {
        return await db.transaction(async (trx) => {
          const regionId = await placement(trx, body.productId, body.regionId);
          const id = await dal.insert(trx, {
            product_id: body.productId,
            region_id: regionId,
            code_encrypted: codeCrypto.encrypt(body.code),
            code_hash: codeCrypto.hash(body.code),
            game_amount: body.gameAmount,
            price_usd: prices.priceUsd,
            price_rub: prices.priceRub,
            popular: body.popular ?? false,
          });
          const after = await record(trx, id);
          await recordAudit(trx, { ...auditOf(actor, 'code', 'create', id), before: null, after });
          catalogueChanges.products(trx, [body.productId]);
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'codes_code_hash_unique')) throw codeTaken();
        throw error;
      }
    },

    /** Only an available code changes: a sold or held one is part of an order. */
    async update(actor: AdminActor, id: number, body: UpdateCodeBody): Promise<AdminCode> {
      const prices = minorUnits({ priceUsd: body.priceUsd, priceRub: body.priceRub });
      return db.transaction(async (trx) => {
        const code = await dal.lock(trx, id);
        if (!code) throw notFound('Code');
        if (code.status !== 'available') {
          throw conflict(`This code is ${STATUS_WORDS[code.status]}, so it can no longer be changed`);
        }
        const before = await record(trx, id);
        const columns: CodeColumns = {};
        if (body.regionId !== undefined) columns.region_id = await placement(trx, code.product_id, body.regionId);
        if (prices.priceUsd !== undefined) columns.price_usd = prices.priceUsd;
        if (prices.priceRub !== undefined) columns.price_rub = prices.priceRub;
        if (body.gameAmount !== undefined) columns.game_amount = body.gameAmount;
        if (body.popular !== undefined) columns.popular = body.popular;
        if (Object.keys(columns).length > 0) await dal.update(trx, id, columns);
        const after = await record(trx, id);
        await recordAudit(trx, { ...auditOf(actor, 'code', 'update', id), before, after });
        catalogueChanges.products(trx, [code.product_id]);
        return after;
      });
    },

    /** Only an available code is deleted: a sold or held one stays with its order. */
    remove: (actor: AdminActor, id: number): Promise<AdminCode> =>
      db.transaction(async (trx) => {
        const code = await dal.lock(trx, id);
        if (!code) throw notFound('Code');
        if (code.status !== 'available' || code.order_id !== null) {
          throw conflict(`This code is ${STATUS_WORDS[code.status]}, so it cannot be deleted`);
        }
        const before = await record(trx, id);
        await dal.delete(trx, id);
        await recordAudit(trx, { ...auditOf(actor, 'code', 'delete', id), before, after: null });
        catalogueChanges.products(trx, [code.product_id]);
        return before;
      }),

    /**
     * Loads `code, USD price, RUB price, game amount` lines. One transaction: the codes and the
     * audit row commit together, and an upload cut short (or too large) leaves nothing behind.
     * The target is checked before the first line is read.
     */
    bulkAdd: (
      actor: AdminActor,
      target: Omit<BulkCodesBody, 'codes'>,
      lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>,
      form: BulkForm,
    ): Promise<BulkCodesResult> =>
      db.transaction(async (trx) => {
        const regionId = await placement(trx, target.productId, target.regionId);
        const result = await importCodeLines({
          lines,
          parse: parseManualCodeLine,
          codeCrypto,
          insertBatch: (batch) => dal.insertBatch(trx, { productId: target.productId, regionId }, batch),
        });
        await recordAudit(trx, {
          ...auditOf(actor, 'code', 'bulk_add', null),
          before: null,
          after: { productId: target.productId, regionId, form, added: result.added, rejectedCount: result.rejectedCount },
        });
        catalogueChanges.products(trx, [target.productId]);
        return result;
      }),
  };
}

export type AdminCodesService = ReturnType<typeof createAdminCodesService>;
