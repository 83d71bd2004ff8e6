import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { loginBody, registerBody, type LoginBody, type RegisterBody } from './auth.schemas';
import type { AuthService } from './auth.service';

export function createAuthRouter(deps: { auth: AuthService; guards: AuthGuards; rateLimit: RateLimitFactory }) {
  const { auth, guards, rateLimit } = deps;
  const router = new Router<AppState>();

  router.post('/register', rateLimit('register'), validate({ body: registerBody }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await auth.register(ctx.state.valid.body as RegisterBody);
  });

  router.post('/login', rateLimit('login'), validate({ body: loginBody }), async (ctx) => {
    ctx.body = await auth.login(ctx.state.valid.body as LoginBody);
  });

  router.get('/profile', guards.requireUser, async (ctx) => {
    ctx.body = await auth.profile(currentUser(ctx).id);
  });

  return router;
}
