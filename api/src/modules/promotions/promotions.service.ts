import type { Knex } from 'knex';

export interface ActivePromotion {
  id: number;
  text: string;
  background_color: string;
}

export function createPromotionsService(deps: { db: Knex }) {
  return {
    listActive: (): Promise<ActivePromotion[]> =>
      deps.db('promotions').where({ active: true }).select('id', 'text', 'background_color').orderBy(['sort_order', 'id']),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
