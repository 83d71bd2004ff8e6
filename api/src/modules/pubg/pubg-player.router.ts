import Router from '@koa/router';
import { pubgEndpoints, type PubgPlayerCheck } from '@topup/common/api';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { PlayerCheckService } from '../topup/player-check.service';

export function createPubgPlayerRouter(deps: { players: PlayerCheckService; rateLimit: RateLimitFactory }) {
  const { players, rateLimit } = deps;
  const router = new Router<AppState>();

  // An unknown player is an answer, not an error: 200 with status 'not_found' (the page reads data.status).
  typedRoutes(router).add(pubgEndpoints.checkPlayer, [rateLimit('playerCheck')], async (_ctx, { body }): Promise<PubgPlayerCheck> => {
    const result = await players.check('pubg', body.playerID.trim());
    return result.found
      ? { success: true, data: { status: 'success', player_name: result.nickname } }
      : { success: false, data: { status: 'not_found' } };
  });

  return router;
}
