import Router from '@koa/router';
import { steamEndpoints } from '@topup/common/api';
import type { AuthGuards } from '../../middleware/auth';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { SteamService } from './steam.service';

export function createSteamRouter(deps: { steam: SteamService; guards: AuthGuards }) {
  const { steam, guards } = deps;
  const router = new Router<AppState>();

  typedRoutes(router, guards).add(steamEndpoints.calculate, async (_ctx, { body }) => ({
    success: true as const,
    calculation: await steam.calculate(body),
  }));

  return router;
}
