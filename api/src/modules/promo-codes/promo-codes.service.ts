import type { Knex } from 'knex';
import { ErrorCode, fromMinor } from '@topup/common';
import type { PromoCodeCheck, PromoCodeCheckBody } from '@topup/common/api';
import { AppError } from '../../lib/app-error';
import type { TopupOrdersService } from '../topup/topup.service';
import { promoRefusalOf, quotePromoCode, type PromoLine } from './promo-code-use';

/** The shopper's preview of a promo code (docs/architecture.md, "Promo codes"): it uses nothing. */
export function createPromoCodesService(deps: { db: Knex; topups: TopupOrdersService }) {
  const { db, topups } = deps;

  /** The cart's lines in `currency` as place_cart_order prices them (UZS: each unit rounded to whole sums), at their promotion prices. */
  async function cartLines(userId: number, currency: PromoCodeCheckBody['currency']): Promise<PromoLine[]> {
    const { rows } = await db.raw<{ rows: Array<{ product_id: number; amount: number | null }> }>(
      `SELECT l.product_id, l.quantity * (l.unit - promotion_discount(l.product_id, NULL, :currency::text, l.unit)) AS amount
         FROM (SELECT ci.id, ci.product_id, ci.quantity,
                      CASE :currency WHEN 'usd' THEN ci.price_usd
                                     WHEN 'uzs' THEN round(ci.price_usd * r.rate / 100)::bigint * 100
                                     ELSE ci.price_rub END AS unit
                 FROM cart_items ci
                 LEFT JOIN currency_rates r ON r.from_currency = 'usd' AND r.to_currency = 'uzs'
                WHERE ci.user_id = :userId) l
        ORDER BY l.id`,
      { currency, userId },
    );
    if (rows.length === 0) throw new AppError(400, ErrorCode.CART_EMPTY, 'Your cart is empty');
    if (rows.some((row) => row.amount === null)) {
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Prices in UZS are unavailable right now. Please try again later.');
    }
    return rows.map((row) => ({ productId: row.product_id, amount: Number(row.amount) }));
  }

  return {
    /** What the code would take off the cart, or off the top-up sent, in `currency`; a refusal is `valid: false` with its reason. */
    async check(userId: number, body: PromoCodeCheckBody): Promise<PromoCodeCheck> {
      const { currency } = body;
      const lines = body.topupData
        ? await topups.promotionPrice({ topupData: body.topupData, currency }).then(({ gameId, total }) => [{ gameId, amount: total }])
        : await cartLines(userId, currency);
      const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
      try {
        const { discount } = await quotePromoCode(db, body.code, userId, currency, lines);
        return {
          valid: true,
          code: body.code.trim().toUpperCase(),
          subtotal: fromMinor(subtotal),
          discount: fromMinor(discount),
          total: fromMinor(subtotal - discount),
          currency,
        };
      } catch (err) {
        const refusal = promoRefusalOf(err);
        if (!refusal) throw err;
        return {
          valid: false,
          reason: refusal.reason,
          subtotal: fromMinor(subtotal),
          discount: 0,
          total: fromMinor(subtotal),
          currency,
          ...(refusal.reason === 'min_order' && refusal.minOrder !== null ? { minOrder: fromMinor(refusal.minOrder) } : {}),
        };
      }
    },
  };
}

export type PromoCodesService = ReturnType<typeof createPromoCodesService>;
