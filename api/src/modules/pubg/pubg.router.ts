import Router from '@koa/router';
import { pubgEndpoints } from '@topup/common/api';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { PubgService } from './pubg.service';

export function createPubgRouter(deps: { pubg: PubgService }) {
  const router = new Router<AppState>();
  typedRoutes(router).add(pubgEndpoints.packages, async () => deps.pubg.listPackages());
  return router;
}
