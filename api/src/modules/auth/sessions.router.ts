import Router from '@koa/router';
import { authEndpoints } from '@topup/common/api';
import { currentSession, type AuthGuards } from '../../middleware/auth';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { KnownDevices } from './known-devices';
import type { LoginProtection } from './login-protection.service';
import type { SessionsService } from './sessions.service';

/** `POST /logout` and `POST /profile/password`. */
export function createSessionsRouter(deps: {
  sessions: SessionsService;
  guards: AuthGuards;
  loginProtection: LoginProtection;
  knownDevices: KnownDevices;
}) {
  const { sessions, guards, loginProtection, knownDevices } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  // Any session may end itself, one limited to two-factor enrolment included (the contract's `session` auth).
  routes.add(authEndpoints.logout, async (ctx) => sessions.logout(currentSession(ctx)));

  routes.add(authEndpoints.changePassword, async (ctx, { body }) => {
    const session = currentSession(ctx);
    ctx.set('Cache-Control', 'no-store');
    // A wrong current password is a failed login of the account: someone holding a stolen session
    // cannot guess the password here faster than at the login.
    return loginProtection.guard(knownDevices.attemptOf(ctx, session.user.nickname), () => sessions.changePassword(session, body), {
      completes: () => true,
    });
  });

  return router;
}
