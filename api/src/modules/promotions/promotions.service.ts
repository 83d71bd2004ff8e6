import type { Knex } from 'knex';
import type { Promotion } from '@topup/common/api';

export function createPromotionsService(deps: { db: Knex }) {
  return {
    listActive: (): Promise<Promotion[]> =>
      deps.db('promotions').where({ active: true }).select('id', 'text', 'background_color').orderBy(['sort_order', 'id']),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
