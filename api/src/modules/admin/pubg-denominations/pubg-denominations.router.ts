import Router from '@koa/router';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { emptyQuery } from '../../../lib/admin-input';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import { createPubgDenominationBody, updatePubgDenominationBody } from './pubg-denominations.schemas';
import type { AdminPubgDenominationsService } from './pubg-denominations.service';

export function createAdminPubgDenominationsRouter(deps: { denominations: AdminPubgDenominationsService; guards: AuthGuards }) {
  const { denominations, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/pubg-admin/denominations' });
  router.use(guards.requireAdmin);

  // Before the CRUD routes, so `/:id` does not claim it.
  router.get('/active', validate({ query: emptyQuery }), async (ctx) => {
    ctx.body = await denominations.active();
  });
  addCrudRoutes(router, {
    resource: 'denominations',
    service: denominations,
    createBody: createPubgDenominationBody,
    updateBody: updatePubgDenominationBody,
  });
  return router;
}
