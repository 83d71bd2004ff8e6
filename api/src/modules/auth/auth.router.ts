import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { loginBody, registerBody, type LoginBody, type RegisterBody } from './auth.schemas';
import type { AuthService } from './auth.service';
import type { LoginProtection } from './login-protection.service';

export function createAuthRouter(deps: {
  auth: AuthService;
  guards: AuthGuards;
  rateLimit: RateLimitFactory;
  loginProtection: LoginProtection;
}) {
  const { auth, guards, rateLimit, loginProtection } = deps;
  const router = new Router<AppState>();

  router.post('/register', rateLimit('register'), validate({ body: registerBody }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await auth.register(ctx.state.valid.body as RegisterBody);
  });

  router.post('/login', validate({ body: loginBody }), async (ctx) => {
    const body = ctx.state.valid.body as LoginBody;
    // Only an issued session resets the counters: a password step that still awaits a second factor must not.
    ctx.body = await loginProtection.guard(body.nickname, ctx.ip, () => auth.login(body), {
      completes: (result) => 'token' in result,
    });
  });

  router.get('/profile', guards.requireUser, async (ctx) => {
    ctx.body = await auth.profile(currentUser(ctx).id);
  });

  return router;
}
