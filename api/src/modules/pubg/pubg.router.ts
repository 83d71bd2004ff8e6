import Router from '@koa/router';
import type { AppState } from '../../types';
import type { PubgService } from './pubg.service';

export function createPubgRouter(deps: { pubg: PubgService }) {
  const router = new Router<AppState>();
  router.get('/pubg/packages', async (ctx) => {
    ctx.body = await deps.pubg.listPackages();
  });
  return router;
}
