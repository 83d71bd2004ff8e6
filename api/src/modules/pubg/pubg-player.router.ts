import Router from '@koa/router';
import { pubgEndpoints, type PubgPlayerCheck } from '@topup/common/api';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { PlayerCheckService } from '../topup/player-check.service';
import type { GamesService } from '../games/games.service';

export function createPubgPlayerRouter(deps: { players: PlayerCheckService; games: GamesService; rateLimit: RateLimitFactory }) {
  const { players, games, rateLimit } = deps;
  const router = new Router<AppState>();

  // An unknown player is an answer, not an error: 200 with status 'not_found' (the page reads data.status).
  typedRoutes(router).add(pubgEndpoints.checkPlayer, [rateLimit('playerCheck')], async (_ctx, { body }): Promise<PubgPlayerCheck> => {
    const result = await players.check(await games.accountOfSpecGame('pubg', body.playerID));
    return result.found
      ? { success: true, data: { status: 'success', player_name: result.nickname } }
      : { success: false, data: { status: 'not_found' } };
  });

  return router;
}
