import Router from '@koa/router';
import { authEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { AuthService } from './auth.service';
import type { KnownDevices } from './known-devices';
import type { LoginProtection } from './login-protection.service';

export function createAuthRouter(deps: {
  auth: AuthService;
  guards: AuthGuards;
  rateLimit: RateLimitFactory;
  loginProtection: LoginProtection;
  knownDevices: KnownDevices;
}) {
  const { auth, guards, rateLimit, loginProtection, knownDevices } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(authEndpoints.register, [rateLimit('register')], async (ctx, { body }) => auth.register(body, contentLanguage(ctx)));

  routes.add(authEndpoints.login, async (ctx, { body }) => {
    const attempt = knownDevices.attemptOf(ctx, body.nickname);
    // Only an issued session resets the counters: a password step that still awaits a second factor must not.
    const completes = (result: Awaited<ReturnType<AuthService['login']>>) => 'token' in result;
    const answer = await loginProtection.guard(attempt, () => auth.login(body, { knownDevice: attempt.device !== undefined, language: contentLanguage(ctx) }), { completes });
    if (completes(answer)) knownDevices.remember(ctx, body.nickname);
    return answer;
  });

  routes.add(authEndpoints.profile, async (ctx) => auth.profile(currentUser(ctx).id));

  return router;
}
