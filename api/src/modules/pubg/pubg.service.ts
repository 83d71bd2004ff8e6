import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { ContentLanguage, PubgPackage } from '@topup/common/api';
import { localizedColumn } from '../../lib/translations';
import { asView, PUBG_PACKAGES_SQL } from '../games/games.dal';
import { saleField, saleTermsSql } from '../promotions/promotion-prices';

export function createPubgService(deps: { db: Knex }) {
  return {
    /** Active denominations, smallest first (the order the automatic combination rule expects), named in `language`. */
    async listPackages(language: ContentLanguage): Promise<PubgPackage[]> {
      const rows = await deps.db
        .from(asView(deps.db, PUBG_PACKAGES_SQL, 'pd'))
        .where({ 'pd.active': true })
        .select('pd.id', 'pd.uc_amount', localizedColumn(deps.db, 'pd', 'name', language), 'pd.price_usd', 'pd.price_rub', deps.db.raw(saleTermsSql({ denominationColumn: 'pd.id', usdColumn: 'pd.price_usd', rubColumn: 'pd.price_rub' })))
        .orderBy('pd.uc_amount');
      return rows.map((row) => ({
        id: row.id,
        uc_amount: row.uc_amount,
        name: row.name,
        price_usd: fromMinor(row.price_usd),
        price_rub: fromMinor(row.price_rub),
        ...saleField(row.price_usd, row.price_rub, row.sale_terms),
      }));
    },
  };
}

export type PubgService = ReturnType<typeof createPubgService>;
