import Router from '@koa/router';
import { adminGeneratedCodeEndpoints as endpoints, type ListQuery } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { GeneratedCodesService } from './generated-codes.service';

/** `/admin/generated-codes` (common/src/api/admin-generated-codes.ts). */
export function createGeneratedCodesRouter(deps: { generatedCodes: GeneratedCodesService; guards: AuthGuards }) {
  const { generatedCodes, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/generated-codes' });
  const routes = typedRoutes(router, guards);

  /** The service answers `records`; the list protocol's page calls them rows. */
  const asPage = async <Row>(list: Promise<{ records: Row[]; total: number; range: [number, number] }>) => {
    const { records, total, range } = await list;
    return { rows: records, total, range };
  };

  addListRoute(routes, endpoints.list, (query: ListQuery) => asPage(generatedCodes.list(query)));

  routes.add(endpoints.generate, (ctx, { body }) => generatedCodes.requestGeneration(adminActor(ctx), body));

  routes.add(endpoints.publish, (ctx, { body }) => generatedCodes.setPublished(adminActor(ctx), body));

  // Before '/:id', which would otherwise claim them.
  addListRoute(routes, endpoints.requests, (query: ListQuery) => asPage(generatedCodes.listRequests(query)));

  routes.add(endpoints.request, (_ctx, { params }) => generatedCodes.getRequest(params.id));

  routes.add(endpoints.get, (_ctx, { params }) => generatedCodes.get(params.id));

  routes.add(endpoints.remove, (ctx, { params }) => generatedCodes.remove(adminActor(ctx), params.id));

  return router;
}
