import Router from '@koa/router';
import { freefireEndpoints } from '@topup/common/api';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { FreefireService } from './freefire.service';

export function createFreefireRouter(deps: { freefire: FreefireService }) {
  const router = new Router<AppState>();
  typedRoutes(router).add(freefireEndpoints.offers, async () => deps.freefire.listOffers());
  return router;
}
