import Router from '@koa/router';
import { freefireEndpoints, type FreefirePlayerCheck } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppMiddleware, AppState } from '../../types';
import type { PlayerCheckService } from '../topup/player-check.service';
import type { GamesService } from '../games/games.service';
import type { ActivationService } from './activation.service';

export function createFreefirePlayerRouter(deps: {
  players: PlayerCheckService;
  games: GamesService;
  activation: ActivationService;
  guards: AuthGuards;
  rateLimit: RateLimitFactory;
  idempotency: AppMiddleware;
}) {
  const { players, games, activation, guards, rateLimit, idempotency } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  // An unknown player is an answer, not an error: 200 with success false (the page reads success).
  routes.add(freefireEndpoints.checkPlayer, [rateLimit('playerCheck')], async (_ctx, { body }): Promise<FreefirePlayerCheck> => {
    const result = await players.check(await games.accountOfSpecGame('freefire', body.playerID));
    return result.found ? { success: true, player_name: result.nickname } : { success: false, error: 'Player not found' };
  });

  routes.add(freefireEndpoints.activateCode, [idempotency], async (ctx, { body }) =>
    activation.activate(currentUser(ctx).id, await games.accountOfSpecGame('freefire', body.playerID), body.code, ctx.state.idempotency?.key),
  );

  return router;
}
