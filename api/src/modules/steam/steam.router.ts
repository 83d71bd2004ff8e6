import Router from '@koa/router';
import type { AuthGuards } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { calculateBody, type CalculateBody } from './steam.schemas';
import type { SteamService } from './steam.service';

export function createSteamRouter(deps: { steam: SteamService; guards: AuthGuards }) {
  const { steam, guards } = deps;
  const router = new Router<AppState>();

  router.post('/steam/calculate', guards.requireUser, validate({ body: calculateBody }), async (ctx) => {
    ctx.body = { success: true, calculation: await steam.calculate(ctx.state.valid.body as CalculateBody) };
  });

  return router;
}
