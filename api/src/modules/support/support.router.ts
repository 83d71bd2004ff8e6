import Router from '@koa/router';
import { supportEndpoints } from '@topup/common/api';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { SupportService } from './support.service';

export function createSupportRouter(deps: { support: SupportService; rateLimit: RateLimitFactory }) {
  const { support, rateLimit } = deps;
  const router = new Router<AppState>();

  // Anonymous visitors may write; a signed-in writer's message is linked to their account.
  typedRoutes(router).add(supportEndpoints.send, [rateLimit('support')], async (ctx, { body }) => {
    await support.send(ctx.state.user?.id ?? null, body);
    return { success: true as const };
  });

  return router;
}
