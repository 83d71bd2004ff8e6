import Router from '@koa/router';
import { adminDashboardEndpoints } from '@topup/common/api';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { DashboardService } from './dashboard.service';

/** `GET /admin/dashboard` (common/src/api/admin-dashboard.ts). */
export function createDashboardRouter(deps: { dashboard: DashboardService; guards: AuthGuards }) {
  const router = new Router<AppState>({ prefix: '/admin/dashboard' });
  typedRoutes(router, deps.guards).add(adminDashboardEndpoints.dashboard, async (ctx) => {
    // Live figures: never a cached copy.
    ctx.set('Cache-Control', 'no-store');
    return deps.dashboard.summary();
  });
  return router;
}
