import Router from '@koa/router';
import { adminPromoCodeEndpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminPromoCodesService } from './promo-codes.service';

export function createAdminPromoCodesRouter(deps: { promoCodes: AdminPromoCodesService; guards: AuthGuards }) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/promo-codes' });
  addCrudRoutes(typedRoutes(router, deps.guards), adminPromoCodeEndpoints, deps.promoCodes);
  return router;
}
