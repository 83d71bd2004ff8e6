import type { Knex } from 'knex';
import type { ContentLanguage, Promotion } from '@topup/common/api';
import { localizedColumn } from '../../lib/translations';

export function createPromotionsService(deps: { db: Knex }) {
  return {
    listActive: (language: ContentLanguage): Promise<Promotion[]> =>
      deps
        .db('promotions as pm')
        .where({ 'pm.active': true })
        .select('pm.id', localizedColumn(deps.db, 'pm', 'text', language), 'pm.background_color')
        .orderBy(['pm.sort_order', 'pm.id']),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
