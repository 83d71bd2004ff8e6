import Router from '@koa/router';
import { adminAuditLogEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AuditLogService } from './audit-log.service';

/** `GET /admin/audit-log` (the list protocol) and `/admin/audit-log/:id` (common/src/api/admin-audit-log.ts). */
export function createAuditLogRouter(deps: { auditLog: AuditLogService; guards: AuthGuards }) {
  const router = new Router<AppState>();
  const routes = typedRoutes(router, deps.guards);
  addListRoute(routes, endpoints.list, (query) => deps.auditLog.list(query));
  routes.add(endpoints.get, (_ctx, { params }) => deps.auditLog.get(params.id));
  return router;
}
