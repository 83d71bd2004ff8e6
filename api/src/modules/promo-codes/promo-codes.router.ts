import Router from '@koa/router';
import { promoCodeEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { PromoCodesService } from './promo-codes.service';

export function createPromoCodesRouter(deps: { promoCodes: PromoCodesService; guards: AuthGuards }) {
  const router = new Router<AppState>();
  typedRoutes(router, deps.guards).add(promoCodeEndpoints.check, (ctx, { body }) => deps.promoCodes.check(currentUser(ctx).id, body));
  return router;
}
