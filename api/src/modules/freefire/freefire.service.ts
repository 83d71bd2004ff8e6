import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { FreefireOffer } from '@topup/common/api';

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
