import Router from '@koa/router';
import type { AppState } from '../../types';
import type { FreefireService } from './freefire.service';

export function createFreefireRouter(deps: { freefire: FreefireService }) {
  const router = new Router<AppState>();
  router.get('/freefire/offers', async (ctx) => {
    ctx.body = await deps.freefire.listOffers();
  });
  return router;
}
