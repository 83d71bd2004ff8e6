import Router from '@koa/router';
import { adminCurrencyEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { CurrencyRatesService } from './currency-rates.service';

/** `/admin/currency-rates` and `/currency-settings/settings` (common/src/api/admin-currency.ts). */
export function createCurrencyRatesRouter(deps: { currencyRates: CurrencyRatesService; guards: AuthGuards }) {
  const { currencyRates, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  addListRoute(routes, endpoints.list, (query) => currencyRates.list(query));

  routes.add(endpoints.refresh, (ctx) => currencyRates.requestRefresh(adminActor(ctx)));

  routes.add(endpoints.refreshProgress, (_ctx, { params }) => currencyRates.refreshProgress(params.requestId));

  routes.add(endpoints.get, (_ctx, { params }) => currencyRates.get(params.id));

  routes.add(endpoints.update, (ctx, { params, body }) => currencyRates.update(adminActor(ctx), params.id, body));

  routes.add(endpoints.settings, () => currencyRates.settings());

  routes.add(endpoints.updateSettings, (ctx, { body }) => currencyRates.updateSettings(adminActor(ctx), body));

  return router;
}
