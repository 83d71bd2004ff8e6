import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { PubgPackage } from '@topup/common/api';

export function createPubgService(deps: { db: Knex }) {
  return {
    /** Active denominations, smallest first: the order the automatic combination rule expects. */
    async listPackages(): Promise<PubgPackage[]> {
      const rows = await deps
        .db('pubg_denominations')
        .where({ active: true })
        .select('id', 'uc_amount', 'price_usd', 'price_rub')
        .orderBy('uc_amount');
      return rows.map((row) => ({
        id: row.id,
        uc_amount: row.uc_amount,
        price_usd: fromMinor(row.price_usd),
        price_rub: fromMinor(row.price_rub),
      }));
    },
  };
}

export type PubgService = ReturnType<typeof createPubgService>;
