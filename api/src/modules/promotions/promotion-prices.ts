import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { Sale } from '@topup/common/api';
import { sqlArray } from '../promo-codes/promo-code-use';

/*
 * A unit's sale as every shopper answer carries it (docs/architecture.md, "Promotions that discount"):
 * the SQL rule promotion_discount applied to its list prices, read in the query that lists it, so a
 * listing and checkout price a unit by the same function.
 */

/** What the sale columns of a listed row hold: the discount in USD and RUB minor units, and the terms the storefront prices UZS by. */
export interface SaleTermsColumn {
  off_usd: number;
  off_rub: number;
  percent: number | null;
  fixed_uzs: number | null;
}

/**
 * The SQL of a row's sale terms as `sale_terms`, for a code of the product `productColumn` or the
 * denomination `denominationColumn` (column references of the query, written by the code, never a
 * shopper's input; the other is NULL), listed at `usdColumn` and `rubColumn` (minor units).
 */
export function saleTermsSql(unit: { productColumn?: string; denominationColumn?: string; usdColumn: string; rubColumn: string }): string {
  const ids = `${unit.productColumn ?? 'NULL'}::integer, ${unit.denominationColumn ?? 'NULL'}::integer`;
  return `(SELECT json_build_object(
      'off_usd', promotion_discount(${ids}, 'usd', ${unit.usdColumn}),
      'off_rub', promotion_discount(${ids}, 'rub', ${unit.rubColumn}),
      'percent', t.percent, 'fixed_uzs', t.fixed_uzs)
     FROM promotion_terms(${ids}) t) AS sale_terms`;
}

/** The `sale` of a unit listed at these prices (minor units), or undefined when no promotion discounts it now. */
export function saleOf(priceUsd: number, priceRub: number, terms: SaleTermsColumn | null | undefined): Sale | undefined {
  if (!terms || (terms.off_usd === 0 && terms.off_rub === 0 && terms.percent === null && terms.fixed_uzs === null)) return undefined;
  return {
    price_usd: fromMinor(priceUsd - terms.off_usd),
    price_rub: fromMinor(priceRub - terms.off_rub),
    discount_percent: terms.percent,
    discount_uzs: terms.fixed_uzs === null ? null : fromMinor(terms.fixed_uzs),
  };
}

/** `{ sale }` for a spread into an answer, or nothing: answers without a promotion stay as they were. */
export const saleField = (priceUsd: number, priceRub: number, terms: SaleTermsColumn | null | undefined): { sale?: Sale } => {
  const sale = saleOf(priceUsd, priceRub, terms);
  return sale ? { sale } : {};
};

/** The next moment a promotion starts or ends (promotion_next_boundary), after which listed prices change; null: none ahead. */
export async function nextPromotionBoundary(db: Knex): Promise<Date | null> {
  const { rows } = await db.raw<{ rows: Array<{ at: Date | null }> }>('SELECT promotion_next_boundary() AS at');
  return rows[0]?.at ?? null;
}

/**
 * What the promotions take off each unit (promotion_discount), in the order given: a denomination's
 * unit listed at `listMinor` of `currency`, now, in the caller's transaction.
 */
export async function denominationDiscounts(conn: Knex, currency: string, units: ReadonlyArray<{ denominationId: number; listMinor: number }>): Promise<number[]> {
  if (units.length === 0) return [];
  const { rows } = await conn.raw<{ rows: Array<{ off: number | string }> }>(
    `SELECT promotion_discount(NULL, u.denomination_id, ?, u.list) AS off
       FROM unnest(?::integer[], ?::bigint[]) WITH ORDINALITY AS u (denomination_id, list, n)
      ORDER BY u.n`,
    [currency, sqlArray(units.map((unit) => unit.denominationId)), sqlArray(units.map((unit) => unit.listMinor))],
  );
  return rows.map((row) => Number(row.off));
}
