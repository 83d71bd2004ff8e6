import Type, { type Static } from 'typebox';
import { endpoint, Nullable, Strict, StringEnum } from './contract';
import { BalanceCurrency } from './orders';

/*
 * Costs and margins (docs/architecture.md, "Costs and margins"): what the suppliers charged for delivered
 * top-ups, converted to each order's currency at the rate of the day of delivery, against what the order was
 * sold for. Amounts are decimals in the order's currency.
 */

/** Why a margin is not known: nothing reported what the delivery cost, or the store has no rate for its currency. */
export const MARGIN_UNKNOWN_REASONS = ['no_cost', 'no_rate'] as const;
export type MarginUnknownReason = (typeof MARGIN_UNKNOWN_REASONS)[number];

/** An order item's cost and margin, from its delivered supplier attempts. */
export const AdminItemMargin = Type.Object(
  {
    cost: Nullable(Type.Number({ description: "What its deliveries cost, in the order's currency; null when unknown (see `unknown`)." })),
    margin: Nullable(Type.Number({ description: 'The item’s price less `cost`; null when the cost is unknown.' })),
    rate: Nullable(Type.String({ description: "Units of the order's currency per unit of the supplier's, at delivery; null for several rates or none." })),
    unknown: Type.Union([StringEnum(MARGIN_UNKNOWN_REASONS), Type.Null()], {
      description: '`no_cost`: no cost reported (or code-stock packages share the item); `no_rate`: no exchange rate between its currency and the order’s.',
    }),
  },
  { examples: [{ cost: 68.37, margin: 9.63, rate: '79.5', unknown: null }] },
);
export type AdminItemMargin = Static<typeof AdminItemMargin>;

/** The order's cost and margin: over its items delivered by suppliers. */
export const AdminOrderMargin = Type.Object(
  {
    cost: Type.Number({ description: 'What the items of known cost cost, in the order currency.' }),
    margin: Type.Number({ description: 'Their prices less their cost.' }),
    complete: Type.Boolean({ description: 'false when an item delivered by a supplier has no known cost: the figures leave it out.' }),
  },
  { examples: [{ cost: 68.37, margin: 9.63, complete: true }] },
);
export type AdminOrderMargin = Static<typeof AdminOrderMargin>;

/** A day of the store's calendar (Europe/Moscow). */
const StoreDay = Type.String({ format: 'date', description: "A day of the store's calendar (Europe/Moscow), inclusive." });

export const MarginReportQuery = Strict({ from: StoreDay, to: StoreDay });
export type MarginReportQuery = Static<typeof MarginReportQuery>;

/** One game, supplier and order currency over the range. */
export const MarginReportLine = Type.Object({
  game: Type.String({ description: "The game's slug." }),
  gameTitle: Type.String(),
  supplier: Nullable(Type.String({ description: "The supplier's name; null: redeemed from the store's code stock." })),
  currency: BalanceCurrency,
  deliveries: Type.Integer({ description: 'Deliveries completed (a package of a PUBG order counts as one).' }),
  revenue: Type.Number({ description: 'What they were sold for, in `currency`.' }),
  cost: Type.Number({ description: 'What those of known cost cost, in `currency`.' }),
  margin: Type.Number({ description: 'Revenue less cost, over the deliveries of known cost.' }),
  uncosted: Type.Integer({ description: 'Deliveries of unknown cost (no cost reported, no rate, or the code stock), left out of `margin`.' }),
});
export type MarginReportLine = Static<typeof MarginReportLine>;

export const MarginReport = Type.Object(
  { from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }), lines: Type.Array(MarginReportLine) },
  {
    examples: [
      {
        from: '2026-12-01',
        to: '2026-12-07',
        lines: [{ game: 'pubg', gameTitle: 'PUBG Mobile', supplier: 'SEAGM', currency: 'rub', deliveries: 12, revenue: 936, cost: 820.44, margin: 115.56, uncosted: 0 }],
      },
    ],
  },
);
export type MarginReport = Static<typeof MarginReport>;

/** The columns of the report's CSV file, in order. */
export const MARGIN_CSV_COLUMNS = ['game', 'game_title', 'supplier', 'currency', 'deliveries', 'revenue', 'cost', 'margin', 'uncosted'] as const;

const rangeDescription = 'Top-up orders completed within the days `from` to `to` (at most 366 days), by game, supplier and order currency; 400 when `to` is before `from`.';

export const adminMarginEndpoints = {
  report: endpoint({
    method: 'get',
    path: '/admin/reports/margins',
    auth: 'admin',
    tag: 'Back office: reports',
    summary: 'Margins by game and supplier',
    description: rangeDescription,
    query: MarginReportQuery,
    response: MarginReport,
  }),
  csv: endpoint({
    method: 'get',
    path: '/admin/reports/margins.csv',
    auth: 'admin',
    tag: 'Back office: reports',
    summary: 'Margins by game and supplier, as a CSV file',
    description: `${rangeDescription} Answers \`text/csv\` (an attachment) with the columns \`${MARGIN_CSV_COLUMNS.join(', ')}\`.`,
    query: MarginReportQuery,
    fileType: 'text/csv',
    response: Type.String({
      description: 'The CSV file.',
      examples: [`${MARGIN_CSV_COLUMNS.join(',')}\npubg,PUBG Mobile,SEAGM,rub,12,936.00,820.44,115.56,0`],
    }),
  }),
};
