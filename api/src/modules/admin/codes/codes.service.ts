import { pipeline, Readable } from 'node:stream';
import type { Knex } from 'knex';
import { CODE_STATUSES, fromMinor, type PubgCodeStatus } from '@topup/common';
import type {
  AdminCode as AdminCodeRecord,
  BulkCodesBody,
  BulkCodesResult,
  CreateCodeBody,
  ExportCodesBody,
  ListQuery,
  UpdateCodeBody,
} from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { importCodeLines, parseManualCodeLine, type LineParse, type NumberedLine } from '../../../lib/bulk-codes';
import { codeCsvWriter, linesAfterHeader, readCodeCsvHeader, readCodeCsvLine, type CodeCsvColumn, type CodeCsvHeader, type CodeCsvRow } from '../../../lib/code-csv';
import { FileAnswer } from '../../../lib/file-answer';
import type { CodeCrypto } from '@topup/server-kit';
import { maskCode } from '../../../lib/code-mask';
import { applyFilters, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import {
  adminCodesDal as dal,
  type StockCodeChanges,
  type CodeForExport,
  type CodeWithNames,
  type PlacedCodeFields,
  type ProductPlacement,
} from './codes.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import { stockDal } from '../../stock/stock.dal';

/** A manual code as the back office sees it (common/src/api/admin-codes.ts): the code itself masked. */
export type AdminCode = Dated<AdminCodeRecord, 'soldAt' | 'createdAt'>;

/** How a bulk upload arrived, for the audit log. */
export type BulkForm = 'json' | 'stream';

const STATUS_WORDS: Record<PubgCodeStatus, string> = { available: 'available', reserved: 'held for an order', used: 'sold', error: 'rejected by the game' };

const codeTaken = () => conflict('This code is already stored', { field: 'code' });

/** Rows an export fetches at a time: memory stays bounded by this, whatever the file's size. */
const EXPORT_BATCH = 1000;

const decimal = (minor: number) => fromMinor(minor).toFixed(2);

/**
 * Finds the product and region a CSV line names, under the same rule as a single code (`placement`):
 * global codes only for a product that sells them, else one of its regions.
 */
function placeCsvLine(line: LineParse<CodeCsvRow>, products: { byId: Map<number, ProductPlacement>; bySlug: Map<string, ProductPlacement> }): LineParse<PlacedCodeFields> {
  if ('error' in line) return line;
  const { product: named, region, ...fields } = line.fields;
  const product = 'id' in named ? products.byId.get(named.id) : products.bySlug.get(named.slug);
  if (!product) return { error: 'id' in named ? `No product has the id ${named.id}` : `No product has the slug "${named.slug}"` };
  const regionCodes = [...product.regions.keys()].join(', ');
  if (region === null) {
    if (!product.has_global_codes) return { error: `${product.slug} sells no global codes: fill region with one of its regions (${regionCodes})` };
    return { code: line.code, fields: { ...fields, productId: product.id, regionId: null } };
  }
  const regionId = product.has_regions ? product.regions.get(region) : undefined;
  if (regionId === undefined) {
    return { error: `Region "${region}" is not one of the regions of ${product.slug}${regionCodes ? ` (${regionCodes})` : ''}` };
  }
  return { code: line.code, fields: { ...fields, productId: product.id, regionId } };
}

export function createAdminCodesService(deps: { db: Knex; codeCrypto: CodeCrypto; catalogueChanges: CatalogueChanges }) {
  const { db, codeCrypto, catalogueChanges } = deps;

  const listSpec: ListSpec = {
    resource: 'codes',
    sortable: {
      id: 'sc.number',
      productId: 'sc.product_id',
      regionId: 'sc.region_id',
      gameAmount: 'sc.game_amount',
      priceUsd: 'sc.price_usd',
      priceRub: 'sc.price_rub',
      status: 'sc.status',
      popular: 'sc.popular',
      soldAt: 'sc.sold_at',
      createdAt: 'sc.created_at',
    },
    defaultSort: ['id', 'DESC'],
    filters: {
      id: typedFilter.ids('id', 'sc.number', Number.MAX_SAFE_INTEGER),
      productId: typedFilter.reference('productId', 'sc.product_id'),
      regionId: typedFilter.reference('regionId', 'sc.region_id', { zeroMeansNone: true }),
      status: typedFilter.oneOf('status', 'sc.status', CODE_STATUSES),
      // Codes are stored encrypted: an exact code is found by its keyed hash.
      q: typedFilter.text('q', (query, value) => void query.where('sc.code_hash', codeCrypto.hash(String(value)))),
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

  /** Only an available code is written in clear: a held or sold one belongs to an order and stays masked. */
  const toCsvRecord = (row: CodeForExport): Record<CodeCsvColumn, string | number> => {
    const code = codeCrypto.decrypt(row.code_encrypted);
    return {
      id: row.id,
      product_id: row.product_id,
      product_slug: row.product_slug,
      region: row.region_code ?? '',
      code: row.status === 'available' ? code : maskCode(code),
      price_usd: decimal(row.price_usd),
      price_rub: decimal(row.price_rub),
      game_amount: row.game_amount,
      popular: String(row.popular),
      status: row.status,
      order_id: row.order_id ?? '',
      sold_at: row.sold_at?.toISOString() ?? '',
      created_at: row.created_at.toISOString(),
    };
  };

  /**
   * The rows of an export through a cursor, EXPORT_BATCH at a time: one query and one snapshot for
   * the whole file, and memory bounded by the batch. A client that goes away ends the stream, which
   * ends this generator and rolls its transaction back.
   */
  async function* exportRows(filter: Record<string, unknown>): AsyncGenerator<Record<CodeCsvColumn, string | number>> {
    const trx = await db.transaction(undefined, { isolationLevel: 'repeatable read', readOnly: true });
    try {
      const query = applyFilters(dal.exportRecords(trx), listSpec, filter).orderBy('sc.number').toSQL();
      await trx.raw(`DECLARE code_export NO SCROLL CURSOR FOR ${query.sql}`, query.bindings);
      for (;;) {
        const { rows } = await trx.raw<{ rows: CodeForExport[] }>(`FETCH ${EXPORT_BATCH} FROM code_export`);
        for (const row of rows) yield toCsvRecord(row);
        if (rows.length < EXPORT_BATCH) break;
      }
      await trx.commit();
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
  }

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
      const page = await listPage<CodeWithNames>(dal.records(db), listSpec, list, 'sc.number');
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => record(db, id),

    async create(actor: AdminActor, body: CreateCodeBody): Promise<AdminCode> {
      const prices = minorUnits({ priceUsd: body.priceUsd, priceRub: body.priceRub });
      try {
        return await db.transaction(async (trx) => {
          const regionId = await placement(trx, body.productId, body.regionId);
          const id = await stockDal.insert(trx, 'manual', {
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
        if (isUniqueViolation(error, 'stock_codes_code_hash_unique')) throw codeTaken();
        throw error;
      }
    },

    /** Only an available code changes: a sold or held one is part of an order. */
    async update(actor: AdminActor, id: number, body: UpdateCodeBody): Promise<AdminCode> {
      const prices = minorUnits({ priceUsd: body.priceUsd, priceRub: body.priceRub });
      return db.transaction(async (trx) => {
        const code = await stockDal.lock(trx, 'manual', id);
        if (!code) throw notFound('Code');
        if (code.status !== 'available') {
          throw conflict(`This code is ${STATUS_WORDS[code.status]}, so it can no longer be changed`);
        }
        const before = await record(trx, id);
        const columns: StockCodeChanges = {};
        if (body.regionId !== undefined) columns.region_id = await placement(trx, before.productId, body.regionId);
        if (prices.priceUsd !== undefined) columns.price_usd = prices.priceUsd;
        if (prices.priceRub !== undefined) columns.price_rub = prices.priceRub;
        if (body.gameAmount !== undefined) columns.game_amount = body.gameAmount;
        if (body.popular !== undefined) columns.popular = body.popular;
        if (Object.keys(columns).length > 0) await stockDal.update(trx, code.id, columns);
        const after = await record(trx, id);
        await recordAudit(trx, { ...auditOf(actor, 'code', 'update', id), before, after });
        catalogueChanges.products(trx, [before.productId]);
        return after;
      });
    },

    /** Only an available code is deleted: a sold or held one stays with its order. */
    remove: (actor: AdminActor, id: number): Promise<AdminCode> =>
      db.transaction(async (trx) => {
        const code = await stockDal.lock(trx, 'manual', id);
        if (!code) throw notFound('Code');
        if (code.status !== 'available' || code.order_id !== null) {
          throw conflict(`This code is ${STATUS_WORDS[code.status]}, so it cannot be deleted`);
        }
        const before = await record(trx, id);
        await stockDal.delete(trx, code.id);
        await recordAudit(trx, { ...auditOf(actor, 'code', 'delete', id), before, after: null });
        catalogueChanges.products(trx, [before.productId]);
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

    /**
     * Loads a CSV file (lib/code-csv.ts): each line names its product and region. One transaction, like
     * bulkAdd; the products and their regions are read once, before the first line.
     */
    csvImport: (actor: AdminActor, _target: unknown, lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>, form: BulkForm): Promise<BulkCodesResult> =>
      db.transaction(async (trx) => {
        const placements = await dal.placements(trx);
        const products = {
          byId: new Map(placements.map((product) => [product.id, product])),
          bySlug: new Map(placements.map((product) => [product.slug, product])),
        };
        let header: CodeCsvHeader = {};
        const productIds = new Set<number>();
        const result = await importCodeLines<PlacedCodeFields>({
          lines: linesAfterHeader(lines, (text) => {
            header = readCodeCsvHeader(text);
          }),
          parse: (text) => placeCsvLine(readCodeCsvLine(header, text), products),
          codeCrypto,
          insertBatch: async (batch) => {
            const inserted = await dal.insertPlacedBatch(trx, batch);
            for (const pending of batch) if (inserted.has(pending.hash)) productIds.add(pending.fields.productId);
            return inserted;
          },
        });
        await recordAudit(trx, {
          ...auditOf(actor, 'code', 'csv_import', null),
          before: null,
          after: { form, productIds: [...productIds].sort((a, b) => a - b), added: result.added, rejectedCount: result.rejectedCount },
        });
        catalogueChanges.products(trx, [...productIds]);
        return result;
      }),

    /**
     * The codes the list's filter selects, as a CSV file streamed in id order. The audit row (reason,
     * filter, how many rows and how many in clear) commits before the first row is read.
     */
    async csvExport(actor: AdminActor, filterText: string | undefined, body: ExportCodesBody): Promise<FileAnswer> {
      const { filter } = parseListQuery({ filter: filterText }, listSpec);
      const [counts] = (await applyFilters(dal.records(db), listSpec, filter)
        .clearSelect()
        .select(db.raw('count(*)::int as total'), db.raw(`count(*) filter (where sc.status = 'available')::int as in_clear`))) as Array<{
        total: number;
        in_clear: number;
      }>;
      await db.transaction((trx) =>
        recordAudit(trx, {
          ...auditOf(actor, 'code', 'export', null),
          before: null,
          after: { reason: body.reason.trim(), filter, count: counts?.total ?? 0, inClear: counts?.in_clear ?? 0 },
        }),
      );
      const csv = codeCsvWriter();
      // A failed query destroys the file stream, which ends the response; the error is logged by the app.
      pipeline(Readable.from(exportRows(filter)), csv, () => undefined);
      const day = new Date().toISOString().slice(0, 10);
      return new FileAnswer({ type: 'text/csv; charset=utf-8', name: `codes-${day}.csv`, body: csv });
    },
  };
}

export type AdminCodesService = ReturnType<typeof createAdminCodesService>;
