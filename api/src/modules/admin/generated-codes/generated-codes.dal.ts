import type { Knex } from 'knex';
import { CodeGenerationRequest, Product, type GeneratedCode, type RowOf } from '../../../models';
import { asView, FREEFIRE_OFFERS_SQL } from '../../games/games.dal';

/** The Free Fire product: generated codes are sold as its stock, like manual codes of any product. */
export const FREEFIRE_PRODUCT_SLUG = 'freefire';

export type GenerationStatus = CodeGenerationRequest['status'];

/** A generated code as the back office reads it, with its offer's name. */
export type GeneratedCodeWithDenomination = Pick<
  GeneratedCode,
  | 'id'
  | 'denomination_id'
  | 'product_id'
  | 'code_encrypted'
  | 'game_amount'
  | 'price_usd'
  | 'price_rub'
  | 'status'
  | 'published'
  | 'generation_request_id'
  | 'order_id'
  | 'activated_player_id'
  | 'created_at'
> & { denomination_name: string };

/** A code-generation request with its offer's name. */
export type GenerationRequestWithDenomination = RowOf<CodeGenerationRequest> & { denomination_name: string };

/** The row a code is sold from, and the codes generated for one request. */
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
  'gc.id',
  'gc.denomination_id',
  'd.name as denomination_name',
  'gc.product_id',
  'gc.code_encrypted',
  'gc.game_amount',
  'gc.price_usd',
  'gc.price_rub',
  'gc.status',
  'gc.published',
  'gc.generation_request_id',
  'gc.order_id',
  'gc.activated_player_id',
  'gc.created_at',
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

/** Generated Free Fire codes and their generation requests; every function takes the connection or transaction to use. */
export const generatedCodesDal = {
  listQuery: (db: Knex) =>
    db('generated_codes as gc').join(asView(db, FREEFIRE_OFFERS_SQL, 'd'), 'd.id', 'gc.denomination_id').select(CODE_COLUMNS),

  find: (db: Knex, id: number): Promise<GeneratedCodeWithDenomination | undefined> =>
    generatedCodesDal.listQuery(db).where('gc.id', id).first(),

  /** The code locked, with whether any order item ever delivered it. */
  async lockForDelete(trx: Knex.Transaction, id: number) {
    const row = await trx('generated_codes')
      .where({ id })
      .forUpdate()
      .first<Pick<GeneratedCode, 'status' | 'order_id' | 'activated_at'> | undefined>('status', 'order_id', 'activated_at');
    if (!row) return undefined;
    const sold = await trx('order_items').where({ generated_code_id: id }).first('id');
    return { ...row, inOrder: sold !== undefined };
  },

  delete: (trx: Knex.Transaction, id: number) => trx('generated_codes').where({ id }).delete(),

  /** Publishes or withdraws available codes picked by ids and/or request; answers the product of each code changed. */
  setPublished: (
    trx: Knex.Transaction,
    selection: { ids?: number[]; generationRequestId?: string },
    published: boolean,
  ): Promise<Array<Pick<GeneratedCode, 'product_id'>>> =>
    trx('generated_codes')
      .where({ status: 'available' })
      .whereNot({ published })
      .modify((query) => {
        if (selection.ids) void query.whereIn('id', selection.ids);
        if (selection.generationRequestId) void query.where({ generation_request_id: selection.generationRequestId });
      })
      .update({ published })
      .returning('product_id'),

  /** The Free Fire offer by its legacy id (the id codes name it by). */
  denomination: (db: Knex, id: number) =>
    db
      .from(asView(db, FREEFIRE_OFFERS_SQL, 'd'))
      .where('d.id', id)
      .first<{ id: number; name: string; game_amount: number; price_usd: number; price_rub: number } | undefined>(
        'd.id',
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

  /**
   * Inserts codes, skipping any whose hash is already stored (ON CONFLICT DO NOTHING); answers the
   * hashes it stored. Arrays travel as two parameters, however many codes there are.
   */
  async insertCodes(trx: Knex.Transaction, codes: NewGeneratedCodes): Promise<string[]> {
    const result = await trx.raw<{ rows: Array<{ code_hash: string }> }>(
      `INSERT INTO generated_codes
         (denomination_id, product_id, generation_request_id, code_encrypted, code_hash, game_amount, price_usd, price_rub)
       SELECT ?, ?, ?, batch.code_encrypted, batch.code_hash, ?, ?, ?
         FROM unnest(?::text[], ?::text[]) AS batch (code_encrypted, code_hash)
       ON CONFLICT (code_hash) DO NOTHING
       RETURNING code_hash`,
      [
        codes.denominationId,
        codes.productId,
        codes.requestId,
        codes.gameAmount,
        codes.priceUsd,
        codes.priceRub,
        codes.encrypted,
        codes.hashes,
      ],
    );
    return result.rows.map((row) => row.code_hash);
  },
};
