import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { ContentLanguage, FreefireOffer } from '@topup/common/api';
import { localizedColumn } from '../../lib/translations';
import { asView, FREEFIRE_OFFERS_SQL } from '../games/games.dal';
import { saleField, saleTermsSql } from '../promotions/promotion-prices';

export function createFreefireService(deps: { db: Knex }) {
  return {
    /** Active offers that have a price in at least one currency, cheapest first, named in `language`. */
    async listOffers(language: ContentLanguage): Promise<FreefireOffer[]> {
      const rows = await deps.db
        .from(asView(deps.db, FREEFIRE_OFFERS_SQL, 'fd'))
        .where({ 'fd.is_active': true })
        .andWhere((where) => void where.where('fd.price_usd', '>', 0).orWhere('fd.price_rub', '>', 0))
        .select('fd.id', 'fd.item_id', localizedColumn(deps.db, 'fd', 'name', language), 'fd.game_amount', 'fd.is_active', 'fd.price_usd', 'fd.price_rub', deps.db.raw(saleTermsSql({ denominationColumn: 'fd.denomination_id', usdColumn: 'fd.price_usd', rubColumn: 'fd.price_rub' })))
        .orderBy(['fd.game_amount', 'fd.id']);
      return rows.map((row) => ({
        id: row.id,
        item_id: row.item_id,
        name: row.name,
        game_amount: row.game_amount,
        is_active: row.is_active,
        price: fromMinor(row.price_usd),
        price_rub: fromMinor(row.price_rub),
        ...saleField(row.price_usd, row.price_rub, row.sale_terms),
      }));
    },
  };
}

export type FreefireService = ReturnType<typeof createFreefireService>;
