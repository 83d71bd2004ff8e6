import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';

/** A Free Fire offer as the storefront shows it; `price` is in USD. */
export interface FreefireOffer {
  id: number;
  item_id: number;
  name: string;
  game_amount: number;
  is_active: boolean;
  price: number;
  price_rub: number;
}

export function createFreefireService(deps: { db: Knex }) {
  return {
    /** Active offers that have a price in at least one currency, cheapest first. */
    async listOffers(): Promise<FreefireOffer[]> {
      const rows = await deps
        .db('freefire_denominations')
        .where({ is_active: true })
        .andWhere((where) => void where.where('price_usd', '>', 0).orWhere('price_rub', '>', 0))
        .select('id', 'item_id', 'name', 'game_amount', 'is_active', 'price_usd', 'price_rub')
        .orderBy(['game_amount', 'id']);
      return rows.map((row) => ({
        id: row.id,
        item_id: row.item_id,
        name: row.name,
        game_amount: row.game_amount,
        is_active: row.is_active,
        price: fromMinor(row.price_usd),
        price_rub: fromMinor(row.price_rub),
      }));
    },
  };
}

export type FreefireService = ReturnType<typeof createFreefireService>;
