import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { AppMiddleware, AppState } from '../../types';
import { checkPlayerBody, type CheckPlayerBody } from '../topup/player-check.schemas';
import type { PlayerCheckService } from '../topup/player-check.service';
import { activateCodeBody, type ActivateCodeBody } from './activation.schemas';
import type { ActivationService } from './activation.service';

export function createFreefirePlayerRouter(deps: {
  players: PlayerCheckService;
  activation: ActivationService;
  guards: AuthGuards;
  rateLimit: RateLimitFactory;
  idempotency: AppMiddleware;
}) {
  const { players, activation, guards, rateLimit, idempotency } = deps;
  const router = new Router<AppState>();

  // An unknown player is an answer, not an error: 200 with success false (the page reads success).
  router.post('/freefire/check-id', rateLimit('playerCheck'), validate({ body: checkPlayerBody }), async (ctx) => {
    const result = await players.check('freefire', (ctx.state.valid.body as CheckPlayerBody).playerID.trim());
    ctx.body = result.found ? { success: true, player_name: result.nickname } : { success: false, error: 'Player not found' };
  });

  router.post('/freefire/activate-code', guards.requireUser, idempotency, validate({ body: activateCodeBody }), async (ctx) => {
    const { playerID, code } = ctx.state.valid.body as ActivateCodeBody;
    ctx.body = await activation.activate(currentUser(ctx).id, playerID.trim(), code);
  });

  return router;
}
