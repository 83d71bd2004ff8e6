import Router from '@koa/router';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { supportMessageBody, type SupportMessageBody } from './support.schemas';
import type { SupportService } from './support.service';

export function createSupportRouter(deps: { support: SupportService; rateLimit: RateLimitFactory }) {
  const { support, rateLimit } = deps;
  const router = new Router<AppState>();

  // Anonymous visitors may write; a signed-in writer's message is linked to their account.
  router.post('/support', rateLimit('support'), validate({ body: supportMessageBody }), async (ctx) => {
    await support.send(ctx.state.user?.id ?? null, ctx.state.valid.body as SupportMessageBody);
    ctx.status = 201;
    ctx.body = { success: true };
  });

  return router;
}
