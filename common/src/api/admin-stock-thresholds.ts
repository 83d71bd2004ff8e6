import Type, { type Static } from 'typebox';
import { STOCK_THRESHOLD_TARGETS } from '../admin-records';
import { MAX_INT, Nullable, StringEnum, Timestamp } from './contract';
import { crudEndpoints, Ignored } from './admin-crud';

/** Below how many sellable a stock line shows as low stock on the dashboard. */
export const AdminStockThreshold = Type.Object(
  {
    id: Type.Integer(),
    target: StringEnum(STOCK_THRESHOLD_TARGETS),
    productId: Nullable(Type.Integer({ description: "A product's manual codes (target `product`)." })),
    regionId: Nullable(Type.Integer({ description: 'With a product: only its codes of this region; null: any region.' })),
    gameAmount: Nullable(Type.Integer({ description: 'With a product: only its codes of this amount; null: any amount.' })),
    pubgDenominationId: Nullable(Type.Integer()),
    freefireDenominationId: Nullable(Type.Integer()),
    name: Type.String({ description: 'What it applies to, as the back office names it ("Star Card · TR · 100", "60 UC").' }),
    threshold: Type.Integer({ description: 'A line with fewer sellable than this is low stock.' }),
    updatedAt: Timestamp,
  },
  {
    description:
      'The most specific threshold wins: a product with region and amount, then with one of them, then the product; a line with none uses the default.',
    examples: [
      {
        id: 2,
        target: 'pubg',
        productId: null,
        regionId: null,
        gameAmount: null,
        pubgDenominationId: 1,
        freefireDenominationId: null,
        name: '60 UC',
        threshold: 25,
        updatedAt: '2026-03-04T06:00:00.000Z',
      },
    ],
  },
);
export type AdminStockThreshold = Static<typeof AdminStockThreshold>;

/** A stock line (a product's price option, a PUBG package or a Free Fire offer) with fewer sellable than its threshold. */
export const LowStockLine = Type.Object({
  kind: StringEnum(['code', 'pubg', 'freefire']),
  id: Type.Integer({ description: 'The product (kind `code`), PUBG package or Free Fire offer.' }),
  name: Type.String(),
  available: Type.Integer(),
  threshold: Type.Integer(),
});
export type LowStockLine = Static<typeof LowStockLine>;

const threshold = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const id = Type.Integer({ minimum: 1, maximum: MAX_INT });

/** Exactly one of productId, pubgDenominationId, freefireDenominationId; region and amount narrow a product. */
export const CreateStockThresholdBody = Type.Object(
  {
    productId: Type.Optional(Nullable(id)),
    regionId: Type.Optional(Nullable(id)),
    gameAmount: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_INT }))),
    pubgDenominationId: Type.Optional(Nullable(id)),
    freefireDenominationId: Type.Optional(Nullable(id)),
    threshold,
    target: Ignored,
  },
  { additionalProperties: false, examples: [{ pubgDenominationId: 1, threshold: 25 }, { productId: 3, regionId: 2, threshold: 5 }] },
);
export type CreateStockThresholdBody = Static<typeof CreateStockThresholdBody>;

/** Only the number changes; what it applies to is fixed (read-only fields are accepted and ignored). */
export const UpdateStockThresholdBody = Type.Object(
  {
    threshold,
    id: Ignored,
    target: Ignored,
    productId: Ignored,
    regionId: Ignored,
    gameAmount: Ignored,
    pubgDenominationId: Ignored,
    freefireDenominationId: Ignored,
    name: Ignored,
    updatedAt: Ignored,
  },
  { additionalProperties: false, examples: [{ threshold: 25 }] },
);
export type UpdateStockThresholdBody = Static<typeof UpdateStockThresholdBody>;

export const adminStockThresholdEndpoints = crudEndpoints({
  path: '/admin/stock-thresholds',
  resource: 'stock-thresholds',
  tag: 'Back office: low stock',
  one: 'a low-stock threshold',
  many: 'low-stock thresholds',
  filters: 'Filters: `target`, `productId`, `pubgDenominationId`, `freefireDenominationId`. Sort: id, threshold, updatedAt.',
  record: AdminStockThreshold,
  create: CreateStockThresholdBody,
  update: UpdateStockThresholdBody,
  conflicts: { create: 'that product, option, package or offer already has a threshold', remove: 'the default threshold stays' },
});
