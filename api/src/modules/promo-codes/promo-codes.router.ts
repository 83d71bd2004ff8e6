import Router from '@koa/router';
import { promoCodeEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { typedRoutes } from '../../lib/typed-routes';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import type { AppState } from '../../types';
import type { PromoCodesService } from './promo-codes.service';

export function createPromoCodesRouter(deps: { promoCodes: PromoCodesService; guards: AuthGuards; rateLimit: RateLimitFactory }) {
  const router = new Router<AppState>();
  // Bounded per shopper, so codes cannot be guessed in bulk (RATE_LIMIT_PROMO_CHECK).
  typedRoutes(router, deps.guards).add(
    promoCodeEndpoints.check,
    [deps.rateLimit('promoCheck', (ctx) => `user:${currentUser(ctx).id}`)],
    (ctx, { body }) => deps.promoCodes.check(currentUser(ctx).id, body),
  );
  return router;
}
