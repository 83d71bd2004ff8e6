import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { AdminSupplier, AdminSupplierProduct, ListQuery, UpdateSupplierBody } from '@topup/common/api';
import { auditOf, conflict, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import type { SandboxSupplyGuard } from '../../suppliers/sandbox-supply';
import { enqueueJob } from '../../../lib/outbox';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import type { RowOf, Supplier, SupplierKind } from '../../../models';
import { adminSuppliersDal as dal, type ListedSupplierProduct } from './admin-suppliers.dal';

/** A supplier as the back office sees it (common/src/api/admin-suppliers.ts). */
export type SupplierRecord = Dated<AdminSupplier, 'balanceCheckedAt'>;

const SUPPLIERS_LIST: ListSpec = {
  resource: 'suppliers',
  sortable: { id: 'id', name: 'name', priority: 'priority' },
  defaultSort: ['priority', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    active: typedFilter.boolean('active', 'active'),
  },
};

const SUPPLIER_PRODUCTS_LIST: ListSpec = {
  resource: 'supplier-products',
  sortable: { id: 'id', name: 'name', externalId: 'external_id', cost: 'cost' },
  defaultSort: ['name', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    supplierId: typedFilter.reference('supplierId', 'supplier_id'),
    gameId: typedFilter.reference('gameId', 'game_id'),
    game: typedFilter.text('game', (query, value) => void query.where('game', String(value))),
    available: typedFilter.boolean('available', 'available'),
    q: typedFilter.text('q', filterBy.search('external_id', 'name')),
  },
};

const decimalOf = (minor: number | null) => (minor === null ? null : fromMinor(minor));

const toProductRecord = (row: ListedSupplierProduct): AdminSupplierProduct => ({
  id: row.id,
  supplierId: row.supplier_id,
  externalId: row.external_id,
  game: row.game,
  name: row.name,
  fields: row.fields,
  cost: fromMinor(row.cost),
  costCurrency: row.cost_currency,
  available: row.available,
});

/**
 * The back office's suppliers: switched on or off (only one whose settings are present: `configured`, the
 * kinds set up in this process), ordered, their balances watched, their catalogues imported by a job.
 */
export function createAdminSuppliersService(deps: { db: Knex; configured: ReadonlySet<SupplierKind>; supplyGuard: SandboxSupplyGuard }) {
  const { db, configured, supplyGuard } = deps;

  const toRecord = (row: RowOf<Supplier>): SupplierRecord => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    active: row.active,
    priority: row.priority,
    configured: configured.has(row.kind),
    balance: decimalOf(row.balance),
    balanceCurrency: row.balance_currency,
    balanceCheckedAt: row.balance_checked_at,
    lowBalanceThreshold: decimalOf(row.low_balance_threshold),
  });

  async function read(conn: Knex, id: number): Promise<SupplierRecord> {
    const row = await dal.suppliers(conn).where({ id }).first();
    if (!row) throw notFound('Supplier');
    return toRecord(row);
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, SUPPLIERS_LIST);
      const page = await listPage<RowOf<Supplier>>(dal.suppliers(db), SUPPLIERS_LIST, list);
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => read(db, id),

    update(actor: AdminActor, id: number, body: UpdateSupplierBody): Promise<SupplierRecord> {
      const { threshold } = minorUnits({ threshold: body.lowBalanceThreshold ?? undefined });
      return db.transaction(async (trx) => {
        const row = await dal.lock(trx, id);
        if (!row) throw notFound('Supplier');
        if (body.active && !row.active && !configured.has(row.kind)) {
          throw conflict(`${row.name} cannot be activated: its settings are not present on this store`);
        }
        const before = toRecord(row);
        await dal.update(trx, id, { active: body.active, priority: body.priority, low_balance_threshold: threshold ?? null });
        const after = await read(trx, id);
        // Switching the sandbox on makes it Steam's fallback again.
        await supplyGuard(trx);
        await recordAudit(trx, { ...auditOf(actor, 'supplier', 'update', id), before, after });
        return after;
      });
    },

    /** Queues the import of a supplier's catalogue (queue `supplier-catalogue`), audited. */
    async requestCatalogueSync(actor: AdminActor, id: number): Promise<{ supplierId: number }> {
      await db.transaction(async (trx) => {
        const row = await dal.lock(trx, id);
        if (!row) throw notFound('Supplier');
        if (row.kind === 'sandbox') throw conflict('The sandbox has no catalogue to import');
        if (!configured.has(row.kind)) throw conflict(`${row.name}'s catalogue cannot be imported: its settings are not present on this store`);
        await enqueueJob(trx, 'supplier-catalogue', 'sync-catalogue', { supplierId: id });
        await recordAudit(trx, { ...auditOf(actor, 'supplier', 'catalogue_sync', id), before: null, after: null });
      });
      return { supplierId: id };
    },

    async products(query: ListQuery) {
      const list = parseListQuery(query, SUPPLIER_PRODUCTS_LIST);
      const page = await listPage<ListedSupplierProduct>(dal.products(db), SUPPLIER_PRODUCTS_LIST, list);
      return { rows: page.rows.map(toProductRecord), total: page.total, range: list.range };
    },

    async product(id: number): Promise<AdminSupplierProduct> {
      const row = await dal.products(db).where({ id }).first<ListedSupplierProduct | undefined>();
      if (!row) throw notFound('Supplier product');
      return toProductRecord(row);
    },
  };
}

export type AdminSuppliersService = ReturnType<typeof createAdminSuppliersService>;
