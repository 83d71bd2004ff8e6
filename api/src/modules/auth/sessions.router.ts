import Router from '@koa/router';
import { currentSession, type AuthGuards } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import type { LoginProtection } from './login-protection.service';
import { changeOwnPasswordBody, logoutBody, type ChangeOwnPasswordBody } from './sessions.schemas';
import type { SessionsService } from './sessions.service';

/** `POST /logout` and `POST /profile/password`. */
export function createSessionsRouter(deps: { sessions: SessionsService; guards: AuthGuards; loginProtection: LoginProtection }) {
  const { sessions, guards, loginProtection } = deps;
  const router = new Router<AppState>();

  // Any session may end itself, one limited to two-factor enrolment included.
  router.post('/logout', guards.requireSession, validate({ body: logoutBody }), async (ctx) => {
    await sessions.logout(currentSession(ctx));
    ctx.status = 204;
  });

  router.post('/profile/password', guards.requireUser, validate({ body: changeOwnPasswordBody }), async (ctx) => {
    const session = currentSession(ctx);
    ctx.set('Cache-Control', 'no-store');
    // A wrong current password is a failed login of the account: someone holding a stolen session
    // cannot guess the password here faster than at the login.
    ctx.body = await loginProtection.guard(
      session.user.nickname,
      ctx.ip,
      () => sessions.changePassword(session, ctx.state.valid.body as ChangeOwnPasswordBody),
      { completes: () => true },
    );
  });

  return router;
}
