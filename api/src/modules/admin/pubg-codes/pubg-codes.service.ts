import type { Knex } from 'knex';
import { fromMinor, PUBG_CODE_STATUSES, type PubgCodeStatus } from '@topup/common';
import type {
  BulkCodesResult,
  BulkPubgCodesBody,
  CreatePubgCodeBody,
  ListQuery,
  PubgCode,
  SellPubgCodesAsCodesBody,
  SoldAsCodesResult,
  UpdatePubgCodeBody,
} from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { importCodeLines, parseSingleCodeLine, type NumberedLine } from '../../../lib/bulk-codes';
import type { CodeCrypto } from '@topup/server-kit';
import { maskCode } from '../../../lib/code-mask';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import { listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { stockDal } from '../../stock/stock.dal';
import { adminPubgCodesDal as dal, type PubgCodeWithPackage } from './pubg-codes.dal';

/** A PUBG UC code as the back office sees it (common/src/api/admin-pubg.ts): the code itself masked. */
export type AdminPubgCode = Dated<PubgCode, 'created'>;

const STATUS_WORDS: Record<PubgCodeStatus, string> = {
  available: 'available',
  reserved: 'held for an order',
  used: 'used',
  error: 'rejected by the game in an order',
};

export function createAdminPubgCodesService(deps: { db: Knex; codeCrypto: CodeCrypto; catalogueChanges: CatalogueChanges }) {
  const { db, codeCrypto, catalogueChanges } = deps;

  const listSpec: ListSpec = {
    resource: 'codes',
    sortable: {
      id: 'sc.number',
      denominationId: 'sc.denomination_id',
      ucAmount: 'd.uc_amount',
      status: 'sc.status',
      created: 'sc.created_at',
    },
    defaultSort: ['id', 'DESC'],
    filters: {
      id: typedFilter.ids('id', 'sc.number', Number.MAX_SAFE_INTEGER),
      denominationId: typedFilter.reference('denominationId', 'sc.denomination_id'),
      status: typedFilter.oneOf('status', 'sc.status', PUBG_CODE_STATUSES),
      // Codes are stored encrypted: an exact code is found by its keyed hash.
      q: typedFilter.text('q', (query, value) => void query.where('sc.code_hash', codeCrypto.hash(String(value)))),
    },
  };

  const toRecord = (row: PubgCodeWithPackage): AdminPubgCode => ({
    id: row.id,
    denominationId: row.denomination_id,
    code: maskCode(codeCrypto.decrypt(row.code_encrypted)),
    ucAmount: row.uc_amount,
    priceUsd: fromMinor(row.price_usd),
    priceRub: fromMinor(row.price_rub),
    status: row.status,
    errorMessage: row.error_message,
    created: row.created_at,
    denomination: { id: row.denomination_id, ucAmount: row.uc_amount },
  });

  async function record(conn: Knex, id: number): Promise<AdminPubgCode> {
    const row = await dal.findRecord(conn, id);
    if (!row) throw notFound('PUBG code');
    return toRecord(row);
  }

  async function assertDenomination(conn: Knex, denominationId: number): Promise<void> {
    if (!(await dal.denominationExists(conn, denominationId))) {
      throw validationFailed('The request is not valid', [{ field: 'denominationId', message: 'no such PUBG package' }]);
    }
  }

  /** A code the store already holds cannot be loaded again. */
  async function catchingDuplicate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'stock_codes_code_hash_unique')) throw conflict('This code is already stored', { field: 'code' });
      throw error;
    }
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, listSpec);
      const page = await listPage<PubgCodeWithPackage>(dal.records(db), listSpec, list, 'sc.number');
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => record(db, id),

    create: (actor: AdminActor, body: CreatePubgCodeBody): Promise<AdminPubgCode> =>
      catchingDuplicate(() =>
        db.transaction(async (trx) => {
          await assertDenomination(trx, body.denominationId);
          const id = await stockDal.insert(trx, 'pubg_redemption', {
            denomination_id: body.denominationId,
            code_encrypted: codeCrypto.encrypt(body.code),
            code_hash: codeCrypto.hash(body.code),
          });
          const after = await record(trx, id);
          await recordAudit(trx, { ...auditOf(actor, 'pubg_code', 'create', id), before: null, after });
          return after;
        }),
      ),

    /** Moves an available code to another package; a code in an order stays as it is. */
    update: (actor: AdminActor, id: number, body: UpdatePubgCodeBody): Promise<AdminPubgCode> =>
      db.transaction(async (trx) => {
        const code = await stockDal.lock(trx, 'pubg_redemption', id);
        if (!code) throw notFound('PUBG code');
        if (code.status !== 'available') throw conflict(`This code is ${STATUS_WORDS[code.status]}, so it can no longer be changed`);
        const before = await record(trx, id);
        if (body.denominationId !== undefined) {
          await assertDenomination(trx, body.denominationId);
          await stockDal.update(trx, code.id, { denomination_id: body.denominationId });
        }
        const after = await record(trx, id);
        await recordAudit(trx, { ...auditOf(actor, 'pubg_code', 'update', id), before, after });
        return after;
      }),

    /** Only an available code is deleted: the others are part of an order's history. */
    remove: (actor: AdminActor, id: number): Promise<AdminPubgCode> =>
      db.transaction(async (trx) => {
        const code = await stockDal.lock(trx, 'pubg_redemption', id);
        if (!code) throw notFound('PUBG code');
        if (code.status !== 'available' || code.order_id !== null) {
          throw conflict(`This code is ${STATUS_WORDS[code.status]}, so it cannot be deleted`);
        }
        const before = await record(trx, id);
        await stockDal.delete(trx, code.id);
        await recordAudit(trx, { ...auditOf(actor, 'pubg_code', 'delete', id), before, after: null });
        return before;
      }),

    /**
     * Puts a package's available codes on sale as codes of a gift-code product: where no supplier redeems the
     * store's own codes, shoppers buy them and redeem them themselves (docs/architecture.md, "The code stock").
     */
    sellAsCodes: (actor: AdminActor, body: SellPubgCodesAsCodesBody): Promise<SoldAsCodesResult> =>
      db.transaction(async (trx) => {
        const pack = await dal.lockPackage(trx, body.denominationId);
        if (!pack) throw notFound('PUBG package');
        const product = await dal.productKind(trx, body.productId);
        if (!product) throw notFound('Product');
        if (product.game_id !== null) {
          throw validationFailed('The request is not valid', [{ field: 'productId', message: "is a game's page, where shoppers top up: choose a gift-code product" }]);
        }
        const moved = await stockDal.sellAsManualCodes(trx, body.denominationId, {
          product_id: product.id,
          game_amount: pack.uc_amount,
          price_usd: pack.price_usd,
          price_rub: pack.price_rub,
        });
        const skipped = (await stockDal.availableForDenominations(trx, [body.denominationId])).get(body.denominationId) ?? 0;
        await recordAudit(trx, {
          ...auditOf(actor, 'pubg_code', 'sell_as_codes', null),
          before: null,
          after: { denominationId: body.denominationId, productId: product.id, moved, skipped },
        });
        if (moved > 0) catalogueChanges.products(trx, [product.id]);
        return { moved, skipped };
      }),

    /** Loads one code a line into a package, in one transaction with its audit row. */
    bulkAdd: (
      actor: AdminActor,
      target: Omit<BulkPubgCodesBody, 'codes'>,
      lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>,
      form: 'json' | 'stream',
    ): Promise<BulkCodesResult> =>
      db.transaction(async (trx) => {
        await assertDenomination(trx, target.denominationId);
        const result = await importCodeLines({
          lines,
          parse: parseSingleCodeLine,
          codeCrypto,
          insertBatch: (batch) =>
            stockDal.insertBatch(
              trx,
              'pubg_redemption',
              batch.map((row) => ({ denomination_id: target.denominationId, code_encrypted: row.encrypted, code_hash: row.hash })),
            ),
        });
        await recordAudit(trx, {
          ...auditOf(actor, 'pubg_code', 'bulk_add', null),
          before: null,
          after: { denominationId: target.denominationId, form, added: result.added, rejectedCount: result.rejectedCount },
        });
        return result;
      }),
  };
}

export type AdminPubgCodesService = ReturnType<typeof createAdminPubgCodesService>;
