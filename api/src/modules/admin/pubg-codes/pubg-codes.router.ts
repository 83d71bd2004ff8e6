import Router from '@koa/router';
import { addBulkRoute, addCrudRoutes } from '../../../lib/admin-crud';
import { bigIdParams } from '../../../lib/admin-input';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import {
  bulkPubgCodesBody,
  bulkPubgCodesQuery,
  createPubgCodeBody,
  updatePubgCodeBody,
  type BulkPubgCodesTarget,
} from './pubg-codes.schemas';
import type { AdminPubgCodesService } from './pubg-codes.service';

export function createAdminPubgCodesRouter(deps: { codes: AdminPubgCodesService; guards: AuthGuards }) {
  const { codes, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/pubg-admin/codes' });
  router.use(guards.requireAdmin);

  addBulkRoute<BulkPubgCodesTarget>(router, {
    path: '/bulk',
    jsonBody: bulkPubgCodesBody,
    streamQuery: bulkPubgCodesQuery,
    load: codes.bulkAdd,
  });
  addCrudRoutes(router, {
    resource: 'codes',
    service: codes,
    createBody: createPubgCodeBody,
    updateBody: updatePubgCodeBody,
    params: bigIdParams,
  });
  return router;
}
