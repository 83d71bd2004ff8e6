import Router from '@koa/router';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { checkPlayerBody, type CheckPlayerBody } from '../topup/player-check.schemas';
import type { PlayerCheckService } from '../topup/player-check.service';

export function createPubgPlayerRouter(deps: { players: PlayerCheckService; rateLimit: RateLimitFactory }) {
  const { players, rateLimit } = deps;
  const router = new Router<AppState>();

  // An unknown player is an answer, not an error: 200 with status 'not_found' (the page reads data.status).
  router.post('/pubg/check-id', rateLimit('playerCheck'), validate({ body: checkPlayerBody }), async (ctx) => {
    const result = await players.check('pubg', (ctx.state.valid.body as CheckPlayerBody).playerID.trim());
    ctx.body = result.found
      ? { success: true, data: { status: 'success', player_name: result.nickname } }
      : { success: false, data: { status: 'not_found' } };
  });

  return router;
}
