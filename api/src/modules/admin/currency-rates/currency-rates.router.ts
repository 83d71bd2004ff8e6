import Router from '@koa/router';
import { adminActor, idParams, type IdParams } from '../../../lib/admin-input';
import { listQuerySchema, sendList } from '../../../lib/simple-rest';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import {
  refreshParams,
  updateRateBody,
  updateSettingsBody,
  type RefreshParams,
  type UpdateRateBody,
  type UpdateSettingsBody,
} from './currency-rates.schemas';
import { CURRENCY_RATES_LIST, type CurrencyRatesService } from './currency-rates.service';

/** `/admin/currency-rates` and `/currency-settings/settings` (docs/admin-api.md, Currency rates). */
export function createCurrencyRatesRouter(deps: { currencyRates: CurrencyRatesService; guards: AuthGuards }) {
  const { currencyRates, guards } = deps;
  const router = new Router<AppState>();
  const admin = guards.requireAdmin;

  router.get('/admin/currency-rates', admin, validate({ query: listQuerySchema }), async (ctx) => {
    const { records, total, range } = await currencyRates.list(ctx.state.valid.query as Record<string, string>);
    sendList(ctx, CURRENCY_RATES_LIST.resource, records, total, range);
  });

  router.post('/admin/currency-rates/refresh', admin, async (ctx) => {
    ctx.status = 202;
    ctx.body = await currencyRates.requestRefresh(adminActor(ctx));
  });

  router.get('/admin/currency-rates/refresh/:requestId', admin, validate({ params: refreshParams }), async (ctx) => {
    ctx.body = await currencyRates.refreshProgress((ctx.state.valid.params as RefreshParams).requestId);
  });

  router.get('/admin/currency-rates/:id', admin, validate({ params: idParams }), async (ctx) => {
    ctx.body = await currencyRates.get((ctx.state.valid.params as IdParams).id);
  });

  router.put('/admin/currency-rates/:id', admin, validate({ params: idParams, body: updateRateBody }), async (ctx) => {
    const { id } = ctx.state.valid.params as IdParams;
    ctx.body = await currencyRates.update(adminActor(ctx), id, ctx.state.valid.body as UpdateRateBody);
  });

  router.get('/currency-settings/settings', admin, async (ctx) => {
    ctx.body = await currencyRates.settings();
  });

  router.post('/currency-settings/settings', admin, validate({ body: updateSettingsBody }), async (ctx) => {
    ctx.body = await currencyRates.updateSettings(adminActor(ctx), ctx.state.valid.body as UpdateSettingsBody);
  });

  return router;
}
