import type { Knex } from 'knex';
import type { CodeStatus } from '@topup/common';
import { CodeGenerationRequest, Product, type RowOf, type StockCode } from '../../../models';
import { stockDal } from '../../stock/stock.dal';
import { asView, FREEFIRE_OFFERS_SQL } from '../../games/games.dal';

/** The Free Fire product: generated codes are sold as its stock, like manual codes of any product. */
export const FREEFIRE_PRODUCT_SLUG = 'freefire';

export type GenerationStatus = CodeGenerationRequest['status'];

/** A generated code as the back office reads it (its number as its id, its offer by legacy id), with its offer's name. */
export type GeneratedCodeWithDenomination = Pick<
  StockCode,
  'id' | 'code_encrypted' | 'published' | 'generation_request_id' | 'order_id' | 'activated_player_id' | 'created_at'
> & { status: CodeStatus; denomination_id: number; product_id: number; game_amount: number; price_usd: number; price_rub: number; denomination_name: string };

/** A code-generation request with its offer's name. */
export type GenerationRequestWithDenomination = RowOf<CodeGenerationRequest> & { denomination_name: string };

/** The offer a code is sold for (its game_denominations.id), and the codes generated for one request. */
export interface NewGeneratedCodes {
  denominationId: number;
  productId: number;
  requestId: string;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  encrypted: string[];
  hashes: string[];
}

const CODE_COLUMNS = [
  'sc.number as id',
  'd.id as denomination_id',
  'd.name as denomination_name',
  'sc.product_id',
  'sc.code_encrypted',
  'sc.game_amount',
  'sc.price_usd',
  'sc.price_rub',
  'sc.status',
  'sc.published',
  'sc.generation_request_id',
  'sc.order_id',
  'sc.activated_player_id',
  'sc.created_at',
];

const REQUEST_COLUMNS = [
  'r.id',
  'r.denomination_id',
  'd.name as denomination_name',
  'r.count',
  'r.generated',
  'r.status',
  'r.error',
  'r.requested_by',
  'r.created_at',
  'r.finished_at',
];

/**
 * Generated Free Fire codes (a view of the code stock's generated codes) and their generation requests;
 * every function takes the connection or transaction to use.
 */
export const generatedCodesDal = {
  listQuery: (db: Knex) =>
    stockDal.ofSource(db, 'generated').join(asView(db, FREEFIRE_OFFERS_SQL, 'd'), 'd.denomination_id', 'sc.denomination_id').select(CODE_COLUMNS),

  find: (db: Knex, id: number): Promise<GeneratedCodeWithDenomination | undefined> =>
    generatedCodesDal.listQuery(db).where('sc.number', id).first(),

  /** The Free Fire offer by its legacy id (the id codes name it by). */
  denomination: (db: Knex, id: number) =>
    db
      .from(asView(db, FREEFIRE_OFFERS_SQL, 'd'))
      .where('d.id', id)
      .first<{ id: number; denomination_id: number; name: string; game_amount: number; price_usd: number; price_rub: number } | undefined>(
        'd.id',
        'd.denomination_id',
        'd.name',
        'd.game_amount',
        'd.price_usd',
        'd.price_rub',
      ),

  async freefireProductId(db: Knex): Promise<number | undefined> {
    const row = await Product.query(db).findOne({ slug: FREEFIRE_PRODUCT_SLUG }).select('id');
    return row?.id;
  },

  requestsQuery: (db: Knex) =>
    db('code_generation_requests as r').join(asView(db, FREEFIRE_OFFERS_SQL, 'd'), 'd.id', 'r.denomination_id').select(REQUEST_COLUMNS),

  findRequest: (db: Knex, id: string): Promise<GenerationRequestWithDenomination | undefined> =>
    generatedCodesDal.requestsQuery(db).where('r.id', id).first(),

  async insertRequest(
    trx: Knex.Transaction,
    request: { denominationId: number; count: number; requestedBy: number },
  ): Promise<Pick<CodeGenerationRequest, 'id' | 'status' | 'generated'>> {
    const [row] = await trx('code_generation_requests')
      .insert({ denomination_id: request.denominationId, count: request.count, requested_by: request.requestedBy })
      .returning<Array<Pick<CodeGenerationRequest, 'id' | 'status' | 'generated'>>>(['id', 'status', 'generated']);
    if (!row) throw new Error('code_generation_requests insert returned no row');
    return row;
  },

  /** The request locked: one batch of one job at a time, however many deliveries of it run. */
  lockRequest: (trx: Knex.Transaction, id: string) =>
    CodeGenerationRequest.columnsOf(trx, id, ['id', 'denomination_id', 'count', 'generated', 'status'], { lock: true }),

  recordProgress: (trx: Knex.Transaction, id: string, generated: number, completed: boolean) =>
    trx('code_generation_requests')
      .where({ id })
      .update({
        generated,
        status: completed ? 'completed' : 'running',
        error: null,
        finished_at: completed ? trx.fn.now() : null,
      }),

  /** Gives a request up; only one still queued or running changes. */
  fail: (db: Knex, id: string, error: string) =>
    db('code_generation_requests')
      .where({ id })
      .whereIn('status', ['queued', 'running'])
      .update({ status: 'failed', error, finished_at: db.fn.now() }),

  /** Notes a failed attempt that will be retried. */
  noteError: (db: Knex, id: string, error: string) =>
    db('code_generation_requests').where({ id }).whereIn('status', ['queued', 'running']).update({ error }),

  /** Stores codes, skipping any already stored (stockDal.insertBatch); answers the hashes it stored. */
  insertCodes: (trx: Knex.Transaction, codes: NewGeneratedCodes): Promise<Set<string>> =>
    stockDal.insertBatch(
      trx,
      'generated',
      codes.encrypted.map((encrypted, index) => ({
        denomination_id: codes.denominationId,
        product_id: codes.productId,
        generation_request_id: codes.requestId,
        code_encrypted: encrypted,
        code_hash: codes.hashes[index]!,
        game_amount: codes.gameAmount,
        price_usd: codes.priceUsd,
        price_rub: codes.priceRub,
      })),
    ),
};
