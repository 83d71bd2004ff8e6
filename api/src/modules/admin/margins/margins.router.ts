import Router from '@koa/router';
import { adminMarginEndpoints as endpoints } from '@topup/common/api';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { MarginsService } from './margins.service';

/** `/admin/reports/margins` and its CSV file (common/src/api/admin-margins.ts). */
export function createMarginsRouter(deps: { margins: MarginsService; guards: AuthGuards }) {
  const router = new Router<AppState>();
  const routes = typedRoutes(router, deps.guards);
  routes.add(endpoints.report, (_ctx, { query }) => deps.margins.report(query));
  routes.add(endpoints.csv, (_ctx, { query }) => deps.margins.csv(query));
  return router;
}
