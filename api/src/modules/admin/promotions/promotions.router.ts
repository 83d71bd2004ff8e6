import Router from '@koa/router';
import { adminPromotionEndpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminPromotionsService } from './promotions.service';

export function createAdminPromotionsRouter(deps: { promotions: AdminPromotionsService; guards: AuthGuards }) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/promotions' });
  addCrudRoutes(typedRoutes(router, deps.guards), adminPromotionEndpoints, deps.promotions);
  return router;
}
