import Type, { type Static } from 'typebox';
import { SUPPLIER_KINDS, SUPPLIER_ORDER_STATUSES } from '../admin-records';
import { endpoint, IdParams, Nullable, StringEnum, Timestamp } from './contract';
import { Ignored, listEndpoint, Money } from './admin-crud';

/*
 * The back office's wholesale suppliers and their catalogues (docs/architecture.md, "Suppliers"). A supplier's
 * row exists once its settings were present at a start; it is never created or deleted here, only switched
 * on or off, ordered and watched. Amounts are decimals of their own currency.
 */

export const AdminSupplier = Type.Object(
  {
    id: Type.Integer(),
    kind: StringEnum(SUPPLIER_KINDS),
    name: Type.String(),
    active: Type.Boolean({ description: 'Only an active supplier is sent orders.' }),
    priority: Type.Integer({ description: 'Lower first: which supplier the store prefers (1 to 100).' }),
    configured: Type.Boolean({ description: 'Whether its settings are present on this store: only then can it be activated or its catalogue synced.' }),
    balance: Nullable(Type.Number({ description: 'As last read from the supplier, in balanceCurrency; null until read.' })),
    balanceCurrency: Nullable(Type.String()),
    balanceCheckedAt: Nullable(Timestamp),
    lowBalanceThreshold: Nullable(Type.Number({ description: 'In balanceCurrency; a balance under it is low. null: not watched.' })),
  },
  {
    examples: [
      {
        id: 2,
        kind: 'seagm',
        name: 'SEAGM',
        active: true,
        priority: 1,
        configured: true,
        balance: 812.4,
        balanceCurrency: 'USD',
        balanceCheckedAt: '2026-03-04T06:00:00.000Z',
        lowBalanceThreshold: 100,
      },
    ],
  },
);
export type AdminSupplier = Static<typeof AdminSupplier>;

/** What an admin changes of a supplier (read-only fields are accepted and ignored). */
export const UpdateSupplierBody = Type.Object(
  {
    active: Type.Boolean(),
    priority: Type.Integer({ minimum: 1, maximum: 100 }),
    lowBalanceThreshold: Nullable(Money),
    id: Ignored,
    kind: Ignored,
    name: Ignored,
    configured: Ignored,
    balance: Ignored,
    balanceCurrency: Ignored,
    balanceCheckedAt: Ignored,
  },
  { additionalProperties: false, examples: [{ active: true, priority: 1, lowBalanceThreshold: 100 }] },
);
export type UpdateSupplierBody = Static<typeof UpdateSupplierBody>;

/** A product of a supplier's catalogue, as its last sync listed it; a denomination's source names one. */
export const AdminSupplierProduct = Type.Object(
  {
    id: Type.Integer(),
    supplierId: Type.Integer(),
    externalId: Type.String({ description: "The supplier's own id of it (SEAGM: the recharge type)." }),
    game: Nullable(Type.String({ description: "The slug of the store's game it tops up; null: no game of the store matched its name." })),
    name: Type.String(),
    fields: Type.Array(Type.Object({ name: Type.String(), label: Type.String() }), { description: 'The account fields it needs, in the supplier\'s words.' }),
    cost: Type.Number({ description: 'What the supplier charges, in costCurrency.' }),
    costCurrency: Type.String(),
    available: Type.Boolean({ description: 'false: its last catalogue no longer listed it, or listed it unavailable.' }),
  },
  {
    examples: [
      { id: 17, supplierId: 2, externalId: '101', game: 'pubg', name: 'PUBG Mobile 60 UC', fields: [{ name: 'user_id', label: 'User ID' }], cost: 0.86, costCurrency: 'USD', available: true },
    ],
  },
);
export type AdminSupplierProduct = Static<typeof AdminSupplierProduct>;

const tag = 'Back office: suppliers';

export const adminSupplierEndpoints = {
  list: listEndpoint({
    path: '/admin/suppliers',
    resource: 'suppliers',
    tag,
    summary: 'List suppliers',
    description: 'Filters: `id`, `active`. Sort: id, name, priority.',
    record: AdminSupplier,
  }),
  get: endpoint({ method: 'get', path: '/admin/suppliers/:id', auth: 'admin', tag, summary: 'Read a supplier', params: IdParams, response: AdminSupplier, errors: [404] }),
  update: endpoint({
    method: 'put',
    path: '/admin/suppliers/:id',
    auth: 'admin',
    tag,
    summary: 'Switch a supplier on or off, order it, watch its balance',
    description: '409: a supplier whose settings are not present on this store cannot be activated.',
    params: IdParams,
    body: UpdateSupplierBody,
    response: AdminSupplier,
    errors: [404, 409],
  }),
  catalogueSync: endpoint({
    method: 'post',
    path: '/admin/suppliers/:id/catalogue-sync',
    auth: 'admin',
    tag,
    summary: "Import a supplier's catalogue",
    description: "Queues the import (202); its products then appear in /admin/supplier-products. 409: the sandbox has no catalogue, or the supplier's settings are not present.",
    params: IdParams,
    status: 202,
    response: Type.Object({ supplierId: Type.Integer() }),
    errors: [404, 409],
  }),
};

export const adminSupplierProductEndpoints = {
  list: listEndpoint({
    path: '/admin/supplier-products',
    resource: 'supplier-products',
    tag,
    summary: "List suppliers' products",
    description: 'Filters: `id`, `supplierId`, `game` (a slug), `gameId`, `available`, `q` (external id or name). Sort: id, name, externalId, cost.',
    record: AdminSupplierProduct,
  }),
  get: endpoint({
    method: 'get',
    path: '/admin/supplier-products/:id',
    auth: 'admin',
    tag,
    summary: "Read a supplier's product",
    params: IdParams,
    response: AdminSupplierProduct,
    errors: [404],
  }),
};

/** How an order item is delivered through a supplier: its latest attempt (docs/architecture.md, "Suppliers"). */
export const AdminOrderItemDelivery = Type.Object(
  {
    supplier: Type.String({ description: "The supplier's name." }),
    reference: Type.String({ description: 'Ours, sent with the order: `<order item>-<attempt>`.' }),
    supplierOrderId: Nullable(Type.String({ description: "The supplier's id of the order; null until it answered." })),
    status: StringEnum(SUPPLIER_ORDER_STATUSES),
    cost: Nullable(Type.Number({ description: 'What the supplier charged, in costCurrency; null until known.' })),
    costCurrency: Nullable(Type.String()),
  },
  { examples: [{ supplier: 'SEAGM', reference: '2210-1', supplierOrderId: '700001', status: 'succeeded', cost: 0.86, costCurrency: 'USD' }] },
);
export type AdminOrderItemDelivery = Static<typeof AdminOrderItemDelivery>;
