import Router from '@koa/router';
import { ErrorCode } from '@topup/common';
import { twoFactorEndpoints } from '@topup/common/api';
import { adminActor } from '../../lib/admin-input';
import { AppError } from '../../lib/app-error';
import { typedRoutes } from '../../lib/typed-routes';
import { currentSession, currentUser, type AuthGuards } from '../../middleware/auth';
import type { AppContext, AppState } from '../../types';
import type { KnownDevices } from '../auth/known-devices';
import type { LoginProtection } from '../auth/login-protection.service';
import type { TwoFactorService } from './two-factor.service';

/** Secrets, recovery codes and session tokens are never kept by a cache on the way. */
const noStore = (ctx: AppContext) => ctx.set('Cache-Control', 'no-store');

/**
 * Two-factor sign-in (TOTP): the second step of a sign-in, an admin's own enrolment (open to a token
 * limited to enrolment), and another admin's reset.
 */
export function createTwoFactorRouter(deps: {
  twoFactor: TwoFactorService;
  guards: AuthGuards;
  loginProtection: LoginProtection;
  knownDevices: KnownDevices;
}) {
  const { twoFactor, guards, loginProtection, knownDevices } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  // Guessing is bounded per challenge (MAX_CHALLENGE_ATTEMPTS), and across challenges by the login
  // protection: someone who has the password can open challenge after challenge, so each wrong code
  // counts against the account (and its address) like a wrong password, and blocks it as that would.
  routes.add(twoFactorEndpoints.login, async (ctx, { body: { challenge, code } }) => {
    noStore(ctx);
    const nickname = await twoFactor.nicknameOf(challenge);
    const signIn = () => twoFactor.completeSignIn(challenge, code);
    if (nickname === undefined) return signIn();
    const session = await loginProtection.guard(knownDevices.attemptOf(ctx, nickname), signIn, {
      completes: () => true,
      fails: (err) => err instanceof AppError && err.code === ErrorCode.INVALID_TWO_FACTOR_CODE,
    });
    knownDevices.remember(ctx, nickname);
    return session;
  });

  routes.add(twoFactorEndpoints.status, async (ctx) => twoFactor.status(currentUser(ctx).id));

  routes.add(twoFactorEndpoints.enrol, async (ctx) => {
    noStore(ctx);
    return twoFactor.enrol(currentUser(ctx));
  });

  routes.add(twoFactorEndpoints.confirm, async (ctx, { body }) => {
    noStore(ctx);
    return twoFactor.confirm(currentSession(ctx), ctx.state.requestId, body.code);
  });

  routes.add(twoFactorEndpoints.userStatus, async (_ctx, { params }) => twoFactor.status(params.id));

  routes.add(twoFactorEndpoints.reset, async (ctx, { params }) => twoFactor.reset(adminActor(ctx), params.id));

  return router;
}
