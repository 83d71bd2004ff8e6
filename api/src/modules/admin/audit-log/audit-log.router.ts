import Router from '@koa/router';
import { adminAuditLogEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AuditLogService } from './audit-log.service';

/** `GET /admin/audit-log`: the activity log in the list protocol (common/src/api/admin-audit-log.ts). */
export function createAuditLogRouter(deps: { auditLog: AuditLogService; guards: AuthGuards }) {
  const router = new Router<AppState>();
  addListRoute(typedRoutes(router, deps.guards), endpoints.list, (query) => deps.auditLog.list(query));
  return router;
}
