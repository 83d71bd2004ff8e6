import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import { MARGIN_CSV_COLUMNS, type AdminItemMargin, type AdminOrderMargin, type MarginReport, type MarginReportQuery } from '@topup/common/api';
import { validationFailed } from '../../../lib/app-error';
import { spreadsheetCsvWriter } from '../../../lib/code-csv';
import { FileAnswer } from '../../../lib/file-answer';
import { marginsDal, type ItemCostRow } from './margins.dal';

/** The longest range the report covers. */
const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

/** An item as its margin needs it: its price (minor units of the order's currency) and whether code-stock packages share it. */
export interface PricedItem {
  id: number;
  amount: number;
  topup_data: Record<string, unknown> | null;
}

/** Packages redeemed from the code stock have no cost: an item holding one has no known margin. */
const holdsStockPackages = (item: PricedItem): boolean =>
  Array.isArray(item.topup_data?.packages) && (item.topup_data.packages as Array<{ delivered_by?: string }>).some((pkg) => !pkg.delivered_by);

/**
 * An item's cost and margin from its delivered attempts (docs/architecture.md, "Costs and margins"); null when
 * no supplier delivered it.
 */
export function itemMargin(item: PricedItem, costs: ItemCostRow | undefined): AdminItemMargin | null {
  if (!costs || costs.delivered === 0) return null;
  const unknown = costs.costed < costs.delivered || holdsStockPackages(item) ? 'no_cost' : costs.converted < costs.costed ? 'no_rate' : null;
  const cost = Number(costs.sale_cost);
  return {
    cost: unknown ? null : fromMinor(cost),
    margin: unknown ? null : fromMinor(item.amount - cost),
    rate: costs.rate,
    unknown,
  };
}

/** The order's cost and margin over its items of known cost; null when no supplier delivered any. */
export function orderMargin(margins: ReadonlyArray<AdminItemMargin | null>): AdminOrderMargin | null {
  const delivered = margins.filter((margin): margin is AdminItemMargin => margin !== null);
  if (delivered.length === 0) return null;
  const known = delivered.filter((margin) => margin.unknown === null);
  // Summed in minor units, so the totals round as the items do.
  const sum = (pick: (margin: AdminItemMargin) => number | null) => fromMinor(known.reduce((total, margin) => total + Math.round((pick(margin) ?? 0) * 100), 0));
  return { cost: sum((margin) => margin.cost), margin: sum((margin) => margin.margin), complete: known.length === delivered.length };
}

function checkedRange(query: MarginReportQuery): void {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
  if (days < 0) throw validationFailed('The request is not valid', [{ field: 'to', message: 'must not be before from' }]);
  if (days >= MAX_REPORT_DAYS) throw validationFailed('The request is not valid', [{ field: 'to', message: `must be within ${MAX_REPORT_DAYS} days of from` }]);
}

/** The margin report per game, supplier and order currency (common/src/api/admin-margins.ts), and its CSV file. */
export function createMarginsService(deps: { db: Knex }) {
  const { db } = deps;

  async function report(query: MarginReportQuery): Promise<MarginReport> {
    checkedRange(query);
    const rows = await marginsDal.report(db, query.from, query.to);
    return {
      from: query.from,
      to: query.to,
      lines: rows.map((row) => ({
        game: row.game,
        gameTitle: row.game_title,
        supplier: row.supplier,
        currency: row.currency,
        deliveries: row.deliveries,
        revenue: fromMinor(Number(row.revenue)),
        cost: fromMinor(Number(row.cost)),
        margin: fromMinor(Number(row.margin)),
        uncosted: row.uncosted,
      })),
    };
  }

  return {
    report,

    async csv(query: MarginReportQuery): Promise<FileAnswer> {
      const { lines } = await report(query);
      const money = (amount: number) => amount.toFixed(2);
      const csv = spreadsheetCsvWriter(MARGIN_CSV_COLUMNS);
      Readable.from(
        lines.map((line) => ({
          game: line.game,
          game_title: line.gameTitle,
          supplier: line.supplier ?? '',
          currency: line.currency,
          deliveries: line.deliveries,
          revenue: money(line.revenue),
          cost: money(line.cost),
          margin: money(line.margin),
          uncosted: line.uncosted,
        })),
      ).pipe(csv);
      return new FileAnswer({ type: 'text/csv; charset=utf-8', name: `margins-${query.from}-${query.to}.csv`, body: csv });
    },
  };
}

export type MarginsService = ReturnType<typeof createMarginsService>;
