import type { Knex } from 'knex';
import type { Supplier, SupplierKind, SupplierOrder, SupplierOrderStatus, RowOf, SupplierProductField } from '../../models';
import type { Config } from '../../config';
import { AMOUNT_SUPPLIER_KINDS, configuredSupplierKinds, type ProviderOutcome, type SupplierCost } from '../../providers/game';
import { convertByStoreRates } from '../rates/store-rates';

/** A denomination's source a supplier delivers from, with what the call needs. */
export interface SupplierSource {
  priority: number;
  supplier_id: number;
  supplier_kind: SupplierKind;
  supplier_product_id: number | null;
  external_id: string | null;
  fields: SupplierProductField[] | null;
  cost: number | null;
  cost_currency: string | null;
}

/** A supplier's balance as last read: under its low-balance threshold, and when. */
export interface SupplierBalanceState {
  low: boolean;
  checkedAt: Date | null;
}

/** SQL: a supplier's balance, read, is under its threshold (docs/architecture.md, "Supplier balances"). */
export const LOW_BALANCE = 'coalesce(balance < low_balance_threshold, false)';

/** Creates at start the rows of the sandbox and of every supplier whose settings are present. */
export async function ensureSupplierRows(db: Knex, config: Pick<Config, 'seagm' | 'moogold' | 'smartglocal'>): Promise<void> {
  await suppliersDal.ensure(db, configuredSupplierKinds(config));
}

/** The names each kind gets when its row is created. */
const SUPPLIER_NAMES: Record<SupplierKind, string> = { sandbox: 'Sandbox', seagm: 'SEAGM', moogold: 'MooGold', smartglocal: 'Smart Glocal' };

export const suppliersDal = {
  /** Creates the rows of these kinds that do not exist yet; existing rows keep what the back office set. */
  ensure: (db: Knex, kinds: readonly SupplierKind[]) =>
    db('suppliers')
      .insert(kinds.map((kind) => ({ kind, name: SUPPLIER_NAMES[kind] })))
      .onConflict('kind')
      .ignore(),

  find: (db: Knex, id: number): Promise<RowOf<Supplier> | undefined> => db('suppliers').where({ id }).first(),

  supplierKinds: async (db: Knex): Promise<Map<number, SupplierKind>> =>
    new Map((await db('suppliers').select<Array<Pick<Supplier, 'id' | 'kind'>>>('id', 'kind')).map((row) => [row.id, row.kind])),

  /** Each supplier's balance as last read: whether it is under its threshold, and when it was read. */
  balanceStates: async (db: Knex): Promise<Map<number, SupplierBalanceState>> =>
    new Map(
      (
        await db('suppliers').select<Array<{ id: number; low: boolean; balance_checked_at: Date | null }>>(
          'id',
          db.raw(`${LOW_BALANCE} AS low`),
          'balance_checked_at',
        )
      ).map((row) => [row.id, { low: row.low, checkedAt: row.balance_checked_at }]),
    ),

  /**
   * The active suppliers' sources of a denomination, by priority: its 'supplier' sources whose product is
   * available, and its 'sandbox' source as the sandbox supplier. A game priced from an amount (`denominationId`
   * undefined; `game` its slug) has no denominations: its sources are the available products mapped to it of the
   * active suppliers that pay an amount (AMOUNT_SUPPLIER_KINDS), by the suppliers' priority, then the sandbox
   * while its supplier row is active (a production store deactivates it: sandbox-supply.ts); docs/architecture.md,
   * "Suppliers".
   */
  sourcesOf(db: Knex, denominationId: number | undefined, game: string): Promise<SupplierSource[]> {
    if (denominationId === undefined) {
      const products = db('supplier_products as p')
        .join('suppliers as s', 's.id', 'p.supplier_id')
        .join('games as g', 'g.id', 'p.game_id')
        .join('products as gp', 'gp.id', 'g.product_id')
        .where({ 'gp.slug': game, 's.active': true, 'p.available': true })
        .whereIn('s.kind', AMOUNT_SUPPLIER_KINDS)
        .select('s.priority', 's.id AS supplier_id', 's.kind AS supplier_kind', 'p.id AS supplier_product_id', 'p.external_id', 'p.fields', 'p.cost', 'p.cost_currency');
      const sandbox = db('suppliers as s')
        .where({ 's.kind': 'sandbox', 's.active': true })
        .select(db.raw('101 AS priority'), 's.id AS supplier_id', 's.kind AS supplier_kind', db.raw('NULL::int AS supplier_product_id'), db.raw('NULL AS external_id'), db.raw('NULL::jsonb AS fields'), db.raw('NULL::bigint AS cost'), db.raw('NULL AS cost_currency'));
      // The sandbox's 101 is past any supplier's priority (1 to 100): it is only ever the fallback.
      return db.select('*').from(products.unionAll(sandbox).as('sources')).orderBy(['priority', 'supplier_product_id']);
    }
    return db('game_denomination_sources as ds')
      .leftJoin('supplier_products as p', 'p.id', 'ds.supplier_product_id')
      .join('suppliers as s', (join) => {
        join.on(db.raw("s.id = p.supplier_id OR (ds.kind = 'sandbox' AND s.kind = 'sandbox')"));
      })
      .where('ds.denomination_id', denominationId)
      .whereIn('ds.kind', ['sandbox', 'supplier'])
      .where('s.active', true)
      .whereRaw('(p.id IS NULL OR p.available)')
      .orderBy('ds.priority')
      .select('ds.priority', 's.id AS supplier_id', 's.kind AS supplier_kind', 'p.id AS supplier_product_id', 'p.external_id', 'p.fields', 'p.cost', 'p.cost_currency');
  },

  /**
   * The product a player of this game is checked through, of one of `kinds` (the suppliers that check players):
   * among the available products of active suppliers that are sources of the game's active denominations, the
   * first by source priority, then supplier priority. Undefined when none is.
   */
  playerCheckProduct: (
    db: Knex,
    gameSlug: string,
    kinds: readonly SupplierKind[],
  ): Promise<{ supplier_kind: SupplierKind; external_id: string; fields: SupplierProductField[] } | undefined> =>
    db('game_denomination_sources as ds')
      .join('game_denominations as d', 'd.id', 'ds.denomination_id')
      .join('games as g', 'g.id', 'd.game_id')
      .join('products as gp', 'gp.id', 'g.product_id')
      .join('supplier_products as p', 'p.id', 'ds.supplier_product_id')
      .join('suppliers as s', 's.id', 'p.supplier_id')
      .where({ 'gp.slug': gameSlug, 'd.active': true, 'p.available': true, 's.active': true })
      .whereIn('s.kind', kinds)
      .orderBy([{ column: 'ds.priority' }, { column: 's.priority' }, { column: 'p.id' }])
      .first('s.kind AS supplier_kind', 'p.external_id', 'p.fields'),

  /** Keeps the supplier's id of an attempt still being created (DeliveryRequest.recordSupplierOrderId). */
  recordSupplierOrderId: (db: Knex, attemptId: number, supplierOrderId: string) =>
    db('supplier_orders').where({ id: attemptId, status: 'creating' }).update({ supplier_order_id: supplierOrderId, updated_at: db.fn.now() }),

  /** The attempts at one credit (an item, or one of its packages), oldest first. */
  attemptsOf: (db: Knex, itemId: number, packageIndex: number | null): Promise<Array<RowOf<SupplierOrder>>> =>
    db('supplier_orders').where({ order_item_id: itemId }).whereRaw('package_index IS NOT DISTINCT FROM ?', [packageIndex]).orderBy('attempt'),

  attemptOfReference: (db: Knex, reference: string): Promise<RowOf<SupplierOrder> | undefined> => db('supplier_orders').where({ reference }).first(),

  async insertAttempt(trx: Knex.Transaction, attempt: Pick<SupplierOrder, 'order_id' | 'order_item_id' | 'package_index' | 'supplier_id' | 'supplier_product_id'>): Promise<RowOf<SupplierOrder>> {
    const [latest] = (await trx('supplier_orders').where({ order_item_id: attempt.order_item_id }).max('attempt as attempt')) as Array<{ attempt: number | null }>;
    const number = (latest?.attempt ?? 0) + 1;
    const [row] = await trx('supplier_orders')
      .insert({ ...attempt, attempt: number, reference: `${attempt.order_item_id}-${number}` })
      .returning<Array<RowOf<SupplierOrder>>>('*');
    if (!row) throw new Error('supplier_orders insert returned no row');
    return row;
  },

  /**
   * Records an answer on an attempt still open ('creating' or 'pending'): at most once per end, however many
   * of the callback, the poll and a retried job bring it. Resolves to the status written, or undefined when the
   * attempt had already ended (or was already pending and still is).
   */
  async settle(trx: Knex.Transaction, attemptId: number, outcome: ProviderOutcome, fallbackCost: SupplierCost | undefined): Promise<SupplierOrderStatus | undefined> {
    const status: SupplierOrderStatus = outcome.status === 'rejected' ? 'failed' : outcome.status;
    const cost = outcome.status === 'rejected' ? undefined : (outcome.cost ?? fallbackCost);
    const [changed] = await trx('supplier_orders')
      .where({ id: attemptId })
      .whereIn('status', status === 'pending' ? ['creating'] : ['creating', 'pending'])
      .update({
        status,
        ...(outcome.status === 'rejected' ? { reason: outcome.reason, detail: outcome.detail } : { supplier_order_id: outcome.reference }),
        ...(cost ? { cost: cost.amount, cost_currency: cost.currency } : {}),
        updated_at: trx.fn.now(),
      })
      .returning<Array<Pick<SupplierOrder, 'order_id' | 'cost' | 'cost_currency'>>>(['order_id', 'cost', 'cost_currency']);
    if (!changed) return undefined;
    if (status === 'succeeded') await suppliersDal.recordSaleCost(trx, attemptId, changed);
    return status;
  },

  /**
   * A delivered attempt's cost in its order's currency at today's rate (docs/architecture.md, "Costs and
   * margins"); a cost in a currency the store has no rate for keeps sale_cost null: its margin is unknown.
   */
  async recordSaleCost(trx: Knex.Transaction, attemptId: number, attempt: Pick<SupplierOrder, 'order_id' | 'cost' | 'cost_currency'>): Promise<void> {
    if (attempt.cost === null || !attempt.cost_currency) return;
    const order = await trx('orders').where({ id: attempt.order_id }).first<{ currency: string } | undefined>('currency');
    const converted = order ? await convertByStoreRates(trx, Number(attempt.cost), attempt.cost_currency, order.currency) : undefined;
    if (converted) await trx('supplier_orders').where({ id: attemptId }).update({ sale_cost: converted.amount, cost_rate: converted.rate });
  },
};
