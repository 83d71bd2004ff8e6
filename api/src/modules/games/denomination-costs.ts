import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, ErrorCode, type BalanceCurrency, type OrderCurrency } from '@topup/common';
import { AppError } from '../../lib/app-error';
import type { GameDenomination } from '../../models';
import { storeConverter, type Converter } from '../rates/store-rates';

/*
 * A denomination sold at a loss (docs/architecture.md, "Costs and margins"): its cheapest active source (a
 * supplier product on sale, of a supplier switched on) costs more, converted by the store's rates, than its price
 * in a sale currency. It is not sold until an admin confirms selling it so (`sell_at_loss`). A source of unknown
 * cost (the sandbox, the code stock, a currency without a rate) is not weighed.
 */

/** The cheapest active source's cost in each sale currency, in minor units; null where none can be converted. */
export type DenominationCost = Record<BalanceCurrency, number | null>;

/** A denomination whose cheapest source costs more than its price in `currency` (minor units). */
export interface LossLine {
  id: number;
  gameId: number;
  gameTitle: string;
  name: string;
  currency: BalanceCurrency;
  price: number;
  cost: number;
  sellAtLoss: boolean;
}

/** The cheapest active source of each denomination (of `ids`, or every one), in each sale currency. */
export async function cheapestCosts(db: Knex, ids?: readonly number[]): Promise<Map<number, DenominationCost>> {
  const sources = await db('game_denomination_sources as ds')
    .join('supplier_products as p', 'p.id', 'ds.supplier_product_id')
    .join('suppliers as s', 's.id', 'p.supplier_id')
    .where({ 'ds.kind': 'supplier', 'p.available': true, 's.active': true })
    .modify((query) => {
      if (ids) void query.whereIn('ds.denomination_id', ids);
    })
    .select<Array<{ denomination_id: number; cost: string; cost_currency: string }>>('ds.denomination_id', 'p.cost', 'p.cost_currency');
  const cheapest = new Map<number, DenominationCost>();
  // One look-up of the rates per pair of currencies, however many sources share it.
  const converters = new Map<string, Converter>();
  const converterOf = async (from: string, to: string) => {
    const key = `${from}>${to}`;
    if (!converters.has(key)) converters.set(key, await storeConverter(db, from, to));
    return converters.get(key);
  };
  for (const source of sources) {
    const costs = cheapest.get(source.denomination_id) ?? { usd: null, rub: null };
    for (const currency of BALANCE_CURRENCIES) {
      const converted = (await converterOf(source.cost_currency, currency))?.(Number(source.cost));
      const known = costs[currency];
      if (converted && (known === null || converted.amount < known)) costs[currency] = converted.amount;
    }
    cheapest.set(source.denomination_id, costs);
  }
  return cheapest;
}

/** Where a denomination's price is below its cheapest source's cost: the first of `currencies` it is, with both amounts. */
export function lossOf(
  prices: Record<BalanceCurrency, number>,
  costs: DenominationCost | undefined,
  currencies: readonly BalanceCurrency[] = BALANCE_CURRENCIES,
): { currency: BalanceCurrency; price: number; cost: number } | undefined {
  for (const currency of currencies) {
    const cost = costs?.[currency];
    if (cost != null && cost > prices[currency]) return { currency, price: prices[currency], cost };
  }
  return undefined;
}

/** The active denominations sold at a loss in a sale currency, confirmed or not, for the dashboard. */
export async function lossDenominations(db: Knex): Promise<LossLine[]> {
  const costs = await cheapestCosts(db);
  if (costs.size === 0) return [];
  const rows = await db('game_denominations as d')
    .join('games as g', 'g.id', 'd.game_id')
    .join('products as p', 'p.id', 'g.product_id')
    .whereIn('d.id', [...costs.keys()])
    .where('d.active', true)
    .orderBy(['p.title', 'd.amount'])
    .select<Array<{ id: number; game_id: number; title: string; name: string; amount: number; price_usd: string; price_rub: string; sell_at_loss: boolean }>>(
      'd.id',
      'd.game_id',
      'p.title',
      'd.name',
      'd.amount',
      'd.price_usd',
      'd.price_rub',
      'd.sell_at_loss',
    );
  return rows.flatMap((row) => {
    const loss = lossOf({ usd: Number(row.price_usd), rub: Number(row.price_rub) }, costs.get(row.id));
    return loss
      ? [{ id: row.id, gameId: row.game_id, gameTitle: row.title, name: row.name || String(row.amount), sellAtLoss: row.sell_at_loss, ...loss }]
      : [];
  });
}

/**
 * 409 OFFER_UNAVAILABLE when a denomination an order buys (delivered by its suppliers, not from the code stock)
 * costs more than its price in the order's currency and no admin confirmed selling it at a loss.
 */
export async function assertSoldWithoutLoss(
  db: Knex,
  denominations: ReadonlyArray<Pick<GameDenomination, 'id' | 'price_usd' | 'price_rub' | 'sell_at_loss'>>,
  orderCurrency: OrderCurrency,
): Promise<void> {
  // A confirmed loss is sold as it is: only the others are weighed, and with none left nothing is read.
  const weighed = denominations.filter((denomination) => !denomination.sell_at_loss);
  if (weighed.length === 0) return;
  // A price in sums is the USD price at the day's rate: USD decides whether it is sold at a loss.
  const currency: BalanceCurrency = orderCurrency === 'rub' ? 'rub' : 'usd';
  const costs = await cheapestCosts(db, weighed.map((denomination) => denomination.id));
  const unavailable = weighed.filter(
    (denomination) => lossOf({ usd: Number(denomination.price_usd), rub: Number(denomination.price_rub) }, costs.get(denomination.id), [currency]) !== undefined,
  );
  if (unavailable.length > 0) {
    throw new AppError(409, ErrorCode.OFFER_UNAVAILABLE, 'This offer is unavailable right now. Please choose another one.', {
      denomination_ids: unavailable.map((denomination) => denomination.id),
    });
  }
}
