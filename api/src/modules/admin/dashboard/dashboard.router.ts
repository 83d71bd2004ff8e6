import Router from '@koa/router';
import { emptyQuery } from '../../../lib/admin-input';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import type { DashboardService } from './dashboard.service';

/** `GET /admin/dashboard` (docs/admin-api.md, Dashboard). */
export function createDashboardRouter(deps: { dashboard: DashboardService; guards: AuthGuards }) {
  const router = new Router<AppState>({ prefix: '/admin/dashboard' });
  router.use(deps.guards.requireAdmin);
  router.get('/', validate({ query: emptyQuery }), async (ctx) => {
    ctx.body = await deps.dashboard.summary();
    // Live figures: never a cached copy.
    ctx.set('Cache-Control', 'no-store');
  });
  return router;
}
