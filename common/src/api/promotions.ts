import Type, { type Static } from 'typebox';
import { ContentLanguageQuery, endpoint, Nullable } from './contract';

/** A promotion badge: its text and the colour its background derives from. */
export const Promotion = Type.Object(
  {
    id: Type.Integer(),
    text: Type.String(),
    background_color: Type.String({ description: 'A hex colour; the badge gradient derives from it.' }),
  },
  { examples: [{ id: 1, text: '−10 % on Steam cards this week', background_color: '#ff5722' }] },
);
export type Promotion = Static<typeof Promotion>;

/**
 * A unit's price after the best promotion discount that applies to it now (docs/architecture.md,
 * "Promotions that discount"), beside its list price, which stays in the unit's own price fields and is
 * what a client sends back (`cart/add`, `topupData`). Present only while a promotion discounts it.
 */
export const Sale = Type.Object(
  {
    price_usd: Type.Number({ description: 'The price in USD after the discount (the list price when none applies in USD).' }),
    price_rub: Type.Number({ description: 'The price in RUB after the discount (the list price when none applies in RUB).' }),
    discount_percent: Nullable(Type.Integer({ minimum: 1, maximum: 100, description: 'The best percent that applies, for the "−10%" mark; null: only fixed sums.' })),
    discount_uzs: Nullable(Type.Number({ description: 'The best fixed discount in UZS (whole sums), for prices in UZS, which the client converts from USD: `salePriceMinor` in common.' })),
  },
  { examples: [{ price_usd: 0.89, price_rub: 70.39, discount_percent: 10, discount_uzs: null }] },
);
export type Sale = Static<typeof Sale>;

export const promotionsEndpoints = {
  active: endpoint({
    method: 'get',
    path: '/promotions/active',
    auth: 'none',
    tag: 'Promotions',
    summary: 'The promotion badges to show',
    description: 'Active promotions in the back office’s order.',
    query: ContentLanguageQuery,
    response: Type.Array(Promotion),
  }),
};
