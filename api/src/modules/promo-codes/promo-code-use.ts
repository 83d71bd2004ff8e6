import type { Knex } from 'knex';
import { ErrorCode, formatMinor, fromMinor, type OrderCurrency, type PromoCodeRefusal } from '@topup/common';
import { sqlRefusal } from '@topup/server-kit';
import { AppError } from '../../lib/app-error';

/*
 * A promo code quoted and used on an order (docs/architecture.md, "Promo codes"). The rules are the SQL
 * functions promo_code_quote and use_promo_code, which place_cart_order and place_topup_order call in the
 * statement that places the order; a preview quotes a code here.
 */

/** One line of an order as a promo code's scope sees it: a code of a product, or a top-up of a game. */
export interface PromoLine {
  productId?: number;
  gameId?: number;
  /** Minor units of the order currency, at list price. */
  amount: number;
}

export interface PromoQuote {
  promoCodeId: number;
  /** Minor units of the order currency. */
  discount: number;
}

const MESSAGES: Record<PromoCodeRefusal, string> = {
  not_found: 'There is no such promo code.',
  inactive: 'This promo code is switched off.',
  not_started: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  used_up: 'This promo code has been used up.',
  used_by_you: 'You have already used this promo code.',
  min_order: 'The order is below this promo code\'s minimum.',
  not_applicable: 'This promo code does not apply to anything in this order.',
  currency: 'This promo code is for orders in another currency.',
};

/** The refusal a PROMO_CODE_INVALID from SQL carries, or undefined for any other error. */
export function promoRefusalOf(err: unknown): { reason: PromoCodeRefusal; minOrder: number | null; currency: OrderCurrency | null } | undefined {
  const refusal = sqlRefusal(err);
  if (refusal?.rule !== ErrorCode.PROMO_CODE_INVALID) return undefined;
  const facts = refusal.facts as { reason: PromoCodeRefusal; minOrder?: number | null; currency?: OrderCurrency | null };
  return { reason: facts.reason, minOrder: facts.minOrder ?? null, currency: facts.currency ?? null };
}

/** 422 PROMO_CODE_INVALID with its reason, for a PROMO_CODE_INVALID from SQL; undefined for any other error. */
export function promoCodeRefused(err: unknown): AppError | undefined {
  const refusal = promoRefusalOf(err);
  if (!refusal) return undefined;
  const { reason, minOrder, currency } = refusal;
  const message = reason === 'min_order' && minOrder !== null && currency ? `${MESSAGES.min_order} It takes orders from ${formatMinor(minOrder, currency)}.` : MESSAGES[reason];
  return new AppError(422, ErrorCode.PROMO_CODE_INVALID, message, {
    reason,
    ...(reason === 'min_order' && minOrder !== null ? { minOrder: fromMinor(minOrder), currency } : {}),
  });
}

/** Integers as a Postgres array literal (knex would spread a JS array into several parameters). */
export const sqlArray = (values: Array<number | undefined>) => `{${values.map((value) => (value === undefined ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;

/** What the code takes off an order of these lines (promo_code_quote); refusals raise PROMO_CODE_INVALID. */
export async function quotePromoCode(conn: Knex, code: string, userId: number, currency: OrderCurrency, lines: PromoLine[]): Promise<PromoQuote> {
  const { rows } = await conn.raw<{ rows: Array<{ promo_code_id: number; discount: string | number }> }>(
    'SELECT promo_code_id, discount FROM promo_code_quote(?, ?, ?, ?::integer[], ?::integer[], ?::bigint[])',
    [code, userId, currency, sqlArray(lines.map((line) => line.productId)), sqlArray(lines.map((line) => line.gameId)), sqlArray(lines.map((line) => line.amount))],
  );
  const [row] = rows;
  if (!row) throw new Error('promo_code_quote returned no row');
  return { promoCodeId: row.promo_code_id, discount: Number(row.discount) };
}
