import Router from '@koa/router';
import { ErrorCode } from '@topup/common';
import { adminActor, emptyQuery, idParams, type IdParams } from '../../lib/admin-input';
import { AppError } from '../../lib/app-error';
import { currentSession, currentUser, type AuthGuards } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import type { AppContext, AppState } from '../../types';
import type { LoginProtection } from '../auth/login-protection.service';
import { confirmBody, emptyBody, loginTwoFactorBody, type ConfirmBody, type LoginTwoFactorBody } from './two-factor.schemas';
import type { TwoFactorService } from './two-factor.service';

/** Secrets, recovery codes and session tokens are never kept by a cache on the way. */
const noStore = (ctx: AppContext) => ctx.set('Cache-Control', 'no-store');

/**
 * Two-factor sign-in (TOTP): the second step of a sign-in, an admin's own enrolment (open to a token
 * limited to enrolment), and another admin's reset.
 */
export function createTwoFactorRouter(deps: { twoFactor: TwoFactorService; guards: AuthGuards; loginProtection: LoginProtection }) {
  const { twoFactor, guards, loginProtection } = deps;
  const router = new Router<AppState>();

  // Guessing is bounded per challenge (MAX_CHALLENGE_ATTEMPTS), and across challenges by the login
  // protection: someone who has the password can open challenge after challenge, so each wrong code
  // counts against the account (and its address) like a wrong password, and blocks it as that would.
  router.post('/login/2fa', validate({ body: loginTwoFactorBody }), async (ctx) => {
    const { challenge, code } = ctx.state.valid.body as LoginTwoFactorBody;
    noStore(ctx);
    const nickname = await twoFactor.nicknameOf(challenge);
    const signIn = () => twoFactor.completeSignIn(challenge, code);
    ctx.body =
      nickname === undefined
        ? await signIn()
        : await loginProtection.guard(nickname, ctx.ip, signIn, {
            completes: () => true,
            fails: (err) => err instanceof AppError && err.code === ErrorCode.INVALID_TWO_FACTOR_CODE,
          });
  });

  router.get('/admin/2fa', guards.requireAdminEnrolment, validate({ query: emptyQuery }), async (ctx) => {
    ctx.body = await twoFactor.status(currentUser(ctx).id);
  });

  router.post('/admin/2fa/enrol', guards.requireAdminEnrolment, validate({ body: emptyBody }), async (ctx) => {
    noStore(ctx);
    ctx.body = await twoFactor.enrol(currentUser(ctx));
  });

  router.post('/admin/2fa/confirm', guards.requireAdminEnrolment, validate({ body: confirmBody }), async (ctx) => {
    noStore(ctx);
    ctx.body = await twoFactor.confirm(currentSession(ctx), ctx.state.requestId, (ctx.state.valid.body as ConfirmBody).code);
  });

  router.get('/admin/users/:id/2fa', guards.requireAdmin, validate({ params: idParams }), async (ctx) => {
    ctx.body = await twoFactor.status((ctx.state.valid.params as IdParams).id);
  });

  router.delete('/admin/users/:id/2fa', guards.requireAdmin, validate({ params: idParams }), async (ctx) => {
    ctx.body = await twoFactor.reset(adminActor(ctx), (ctx.state.valid.params as IdParams).id);
  });

  return router;
}
