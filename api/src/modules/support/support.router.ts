import Router from '@koa/router';
import { supportEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { SupportService } from './support.service';

export function createSupportRouter(deps: { support: SupportService; rateLimit: RateLimitFactory; guards: AuthGuards }) {
  const { support, rateLimit, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(supportEndpoints.settings, () => support.settings());

  // Anonymous visitors may write; a signed-in writer's message is linked to their account.
  routes.add(supportEndpoints.send, [rateLimit('support')], async (ctx, { body }) => {
    await support.send(ctx.state.user?.id ?? null, body);
    return { success: true as const };
  });

  routes.add(supportEndpoints.mine, async (ctx) => {
    // The shopper's requests change whenever the support team replies.
    ctx.set('Cache-Control', 'no-store');
    return support.mine(currentUser(ctx).id);
  });

  return router;
}
