import Router from '@koa/router';
import { mailEndpoints } from '@topup/common/api';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import type { AppState } from '../../types';
import type { AccountEmailService } from './account-email.service';

/** The account's address and the password reset by mail; mails are written in the request's language. */
export function createAccountEmailRouter(deps: { accountEmail: AccountEmailService; guards: AuthGuards; rateLimit: RateLimitFactory }) {
  const { accountEmail, guards, rateLimit } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(mailEndpoints.changeEmail, [rateLimit('emailChange', (ctx) => `user:${currentUser(ctx).id}`)], (ctx, { body }) =>
    accountEmail.changeEmail(currentUser(ctx).id, body.email, contentLanguage(ctx)),
  );
  routes.add(mailEndpoints.verifyEmail, (_ctx, { body }) => accountEmail.verifyEmail(body.token));
  routes.add(mailEndpoints.forgotPassword, [rateLimit('passwordForgot')], (ctx, { body }) => {
    ctx.set('Cache-Control', 'no-store');
    return accountEmail.forgotPassword(body.email, contentLanguage(ctx));
  });
  routes.add(mailEndpoints.resetPassword, (_ctx, { body }) => accountEmail.resetPassword(body.token, body.password));

  return router;
}
