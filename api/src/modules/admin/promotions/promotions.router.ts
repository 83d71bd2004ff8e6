import Router from '@koa/router';
import { addCrudRoutes } from '../../../lib/admin-crud';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import { createPromotionBody, updatePromotionBody } from './promotions.schemas';
import type { AdminPromotionsService } from './promotions.service';

export function createAdminPromotionsRouter(deps: { promotions: AdminPromotionsService; guards: AuthGuards }) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/promotions' });
  router.use(deps.guards.requireAdmin);
  addCrudRoutes(router, {
    resource: 'promotions',
    service: deps.promotions,
    createBody: createPromotionBody,
    updateBody: updatePromotionBody,
  });
  return router;
}
