import type { Knex } from 'knex';
import type { StockCodeSource } from '@topup/common';
import type { StockCode } from '../../models';
import type { StockOption } from '../cart/cart.dal';

/*
 * The one code stock (docs/architecture.md, "The code stock"): every source's codes are read, held, sold,
 * given back and counted here. The back office's Codes, Generated codes and PUBG codes are views over it
 * (one source each, showing a code's `number` as its id); orders point at a code by its stock_codes.id.
 */

/** A new code's columns besides its source: what its source fills (the table checks the shape). */
export type NewStockCode = Pick<StockCode, 'code_encrypted' | 'code_hash'> &
  Partial<
    Pick<
      StockCode,
      'product_id' | 'region_id' | 'denomination_id' | 'generation_request_id' | 'game_amount' | 'price_usd' | 'price_rub' | 'popular'
    >
  >;

/** What an admin may change of a code still in stock. */
export type StockCodeChanges = Partial<Pick<StockCode, 'region_id' | 'denomination_id' | 'game_amount' | 'price_usd' | 'price_rub' | 'popular'>>;

/** A code as a change of it checks it, locked. */
export type LockedStockCode = Pick<StockCode, 'id' | 'product_id' | 'status' | 'order_id' | 'activated_at'> & { in_order_item: boolean };

const REDEEMED_COLUMNS = ['id', 'number', 'denomination_id', 'status', 'code_encrypted'] as const;

/** A code an order redeems on the shopper's account (a top-up delivered from the code stock). */
export type RedeemedCode = Pick<StockCode, (typeof REDEEMED_COLUMNS)[number]> & { denomination_id: number };

/** The columns a batch of new codes may fill, with their SQL types, for jsonb_to_recordset. */
const NEW_CODE_COLUMNS = {
  product_id: 'integer',
  region_id: 'integer',
  denomination_id: 'integer',
  generation_request_id: 'uuid',
  code_encrypted: 'text',
  code_hash: 'text',
  game_amount: 'integer',
  price_usd: 'bigint',
  price_rub: 'bigint',
  popular: 'boolean',
} as const;
const NEW_CODE_NAMES = Object.keys(NEW_CODE_COLUMNS);
const NEW_CODE_RECORD = Object.entries(NEW_CODE_COLUMNS)
  .map(([name, type]) => `${name} ${type}`)
  .join(', ');

/** SQL: how many available codes a top-up of the denomination `denominationId` (a column) can redeem. */
export const availableRedemptionCodesSql = (denominationId: string) =>
  `(SELECT count(*) FROM stock_codes rc WHERE rc.source = 'pubg_redemption' AND rc.denomination_id = ${denominationId} AND rc.status = 'available')::int`;

export const stockDal = {
  /** The codes of one source as `sc`: where each back-office view starts. */
  ofSource: (db: Knex, source: StockCodeSource): Knex.QueryBuilder => db('stock_codes as sc').where('sc.source', source),

  /** The code a source's view names by its number, locked against an order taking it meanwhile, with whether an order item ever delivered it. */
  async lock(trx: Knex.Transaction, source: StockCodeSource, number: number): Promise<LockedStockCode | undefined> {
    const code = await trx('stock_codes')
      .where({ source, number })
      .forUpdate()
      .first<Omit<LockedStockCode, 'in_order_item'> | undefined>('id', 'product_id', 'status', 'order_id', 'activated_at');
    if (!code) return undefined;
    const item = await trx('order_items').where({ stock_code_id: code.id }).first('id');
    return { ...code, in_order_item: item !== undefined };
  },

  /** Adds one code; resolves to its number. */
  async insert(trx: Knex.Transaction, source: StockCodeSource, code: NewStockCode): Promise<number> {
    const [row] = await trx('stock_codes')
      .insert({ ...code, source })
      .returning<Array<Pick<StockCode, 'number'>>>('number');
    if (!row) throw new Error('stock_codes insert returned no row');
    return row.number;
  },

  /**
   * Adds a batch of codes in one INSERT with one parameter for the rows, however many there are; a code
   * its source already holds is skipped. Resolves to the hashes stored.
   */
  async insertBatch(trx: Knex.Transaction, source: StockCodeSource, codes: NewStockCode[]): Promise<Set<string>> {
    const rows = codes.map((code) => Object.fromEntries(NEW_CODE_NAMES.map((name) => [name, code[name as keyof NewStockCode] ?? null])));
    const result = await trx.raw<{ rows: Array<Pick<StockCode, 'code_hash'>> }>(
      `INSERT INTO stock_codes (source, ${NEW_CODE_NAMES.join(', ')})
       SELECT ?, ${NEW_CODE_NAMES.map((name) => (name === 'popular' ? 'coalesce(t.popular, false)' : `t.${name}`)).join(', ')}
         FROM jsonb_to_recordset(?::jsonb) AS t (${NEW_CODE_RECORD})
       ON CONFLICT (source, code_hash) DO NOTHING
       RETURNING code_hash`,
      [source, JSON.stringify(rows)],
    );
    return new Set(result.rows.map((row) => row.code_hash));
  },

  update: (trx: Knex.Transaction, id: number, changes: StockCodeChanges) => trx('stock_codes').where({ id }).update(changes),

  delete: (trx: Knex.Transaction, id: number) => trx('stock_codes').where({ id }).delete(),

  /** Publishes or withdraws available generated codes picked by numbers and/or request; answers the product of each code changed. */
  setPublished: (
    trx: Knex.Transaction,
    selection: { numbers?: number[]; generationRequestId?: string },
    published: boolean,
  ): Promise<Array<Pick<StockCode, 'product_id'>>> =>
    trx('stock_codes')
      .where({ source: 'generated', status: 'available' })
      .whereNot({ published })
      .modify((query) => {
        if (selection.numbers) void query.whereIn('number', selection.numbers);
        if (selection.generationRequestId) void query.where({ generation_request_id: selection.generationRequestId });
      })
      .update({ published })
      .returning('product_id'),

  /**
   * Locks up to `count` available codes of exactly this price option (the SQL function take_codes, the one
   * rule checkout uses too): manual codes first, then for a global option published generated codes.
   * Fewer than `count` means the option is short of stock.
   */
  takeByOption: async (trx: Knex.Transaction, option: StockOption, count: number): Promise<number[]> =>
    (
      await trx.raw<{ rows: Array<{ id: number }> }>('SELECT id FROM take_codes(?, ?, ?, ?, ?, ?)', [
        option.product_id,
        option.region_id,
        option.game_amount,
        option.price_usd,
        option.price_rub,
        count,
      ])
    ).rows.map((row) => row.id),

  /**
   * Locks up to `count` available codes a top-up of this denomination redeems, oldest first. SKIP LOCKED
   * lets concurrent orders take different codes instead of queueing on the same rows.
   */
  takeForDenomination: (trx: Knex.Transaction, denominationId: number, count: number): Promise<RedeemedCode[]> =>
    trx('stock_codes')
      .select(REDEEMED_COLUMNS)
      .where({ source: 'pubg_redemption', denomination_id: denominationId, status: 'available' })
      .orderBy('id')
      .limit(count)
      .forUpdate()
      .skipLocked(),

  /**
   * Turns a denomination's available redemption codes into global manual codes of a price option, so
   * shoppers buy them as codes (docs/architecture.md, "The code stock"). Each takes the next manual number;
   * a code the option's product already holds as a manual code stays where it is. A code an order is taking
   * meanwhile is locked and, once taken, no longer available: the update leaves it. Resolves to how many moved.
   */
  sellAsManualCodes: async (trx: Knex.Transaction, denominationId: number, option: Omit<StockOption, 'region_id'>): Promise<number> =>
    trx('stock_codes as c')
      .where({ 'c.source': 'pubg_redemption', 'c.denomination_id': denominationId, 'c.status': 'available' })
      .whereNotExists(trx('stock_codes as m').where('m.source', 'manual').whereRaw('m.code_hash = c.code_hash'))
      .update({
        source: 'manual',
        number: trx.raw("nextval('stock_codes_manual_number_seq')"),
        denomination_id: null,
        error_message: null,
        product_id: option.product_id,
        region_id: null,
        game_amount: option.game_amount,
        price_usd: option.price_usd,
        price_rub: option.price_rub,
      }),

  /** Available codes a top-up redeems, per denomination, for these denominations. */
  async availableForDenominations(db: Knex, denominationIds: number[]): Promise<Map<number, number>> {
    const rows = await db('stock_codes')
      .where({ source: 'pubg_redemption', status: 'available' })
      .whereIn('denomination_id', denominationIds)
      .groupBy('denomination_id')
      .select<Array<{ denomination_id: number; count: number }>>('denomination_id', db.raw('count(*)::int as count'));
    return new Map(rows.map((row) => [row.denomination_id, row.count]));
  },

  /** Holds taken codes for the order: until `holdSeconds` from now, or (null) for as long as its top-up runs. */
  reserve: (trx: Knex.Transaction, orderId: number, ids: number[], holdSeconds: number | null) =>
    trx('stock_codes')
      .whereRaw('id = any(?)', [ids])
      .where({ status: 'available' })
      .update({
        status: 'reserved',
        order_id: orderId,
        reserved_until: holdSeconds === null ? null : trx.raw('now() + make_interval(secs => ?)', [holdSeconds]),
      }),

  /** The codes an order holds by price option keep their hold until `seconds` from now. */
  holdFor: (trx: Knex.Transaction, orderId: number, seconds: number) =>
    trx('stock_codes')
      .where({ order_id: orderId, status: 'reserved' })
      .whereNotNull('reserved_until')
      .update({ reserved_until: trx.raw('now() + make_interval(secs => ?)', [seconds]) }),

  /**
   * Gives the codes still reserved for these orders back to stock: they leave their order items (a code
   * sits in one order item ever; the items stay as the order's record) and the order. Used (delivered)
   * and rejected codes stay with their order. Resolves to how many were released.
   */
  async releaseReserved(trx: Knex.Transaction, orderIds: number[]): Promise<number> {
    const reserved = trx('stock_codes').select('id').whereRaw('order_id = any(?)', [orderIds]).andWhere({ status: 'reserved' });
    await trx('order_items').whereRaw('order_id = any(?)', [orderIds]).whereIn('stock_code_id', reserved).update({ stock_code_id: null });
    return trx('stock_codes')
      .whereRaw('order_id = any(?)', [orderIds])
      .andWhere({ status: 'reserved' })
      .update({ status: 'available', order_id: null, reserved_until: null });
  },

  /** Resolves to true when this call marked the redeemed code used (false: it was already recorded). */
  async markRedeemed(trx: Knex.Transaction, orderId: number, id: number): Promise<boolean> {
    const updated = await trx('stock_codes')
      .where({ id, order_id: orderId, status: 'reserved' })
      .update({ status: 'used', sold_at: trx.fn.now(), reserved_until: null });
    return updated === 1;
  },

  /** The game rejected the code: it stays out of stock, with the reason, and keeps pointing at the order. */
  markRejected: (trx: Knex.Transaction, orderId: number, id: number, message: string) =>
    trx('stock_codes').where({ id, order_id: orderId, status: 'reserved' }).update({ status: 'error', error_message: message, reserved_until: null }),

  /** The codes an order redeems or has redeemed (reserved, used, rejected), oldest first. */
  redeemedFor: (trx: Knex.Transaction, orderId: number): Promise<RedeemedCode[]> =>
    trx('stock_codes').select(REDEEMED_COLUMNS).where({ order_id: orderId, source: 'pubg_redemption' }).orderBy('id'),

  /** Deletes the codes a top-up of the denomination would redeem (the caller checked none is in an order). */
  deleteOfDenomination: (trx: Knex.Transaction, denominationId: number) =>
    trx('stock_codes').where({ source: 'pubg_redemption', denomination_id: denominationId }).delete(),

  /** How many codes the order has delivered (they cannot be taken back). */
  async countSold(trx: Knex.Transaction, orderId: number): Promise<number> {
    const row = await trx('stock_codes').where({ order_id: orderId, status: 'used' }).first<{ count: number }>(trx.raw('count(*)::int as count'));
    return row?.count ?? 0;
  },
};
