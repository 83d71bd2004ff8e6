import Router from '@koa/router';
import { adminStockThresholdEndpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { StockThresholdsService } from './stock-thresholds.service';

/** `/admin/stock-thresholds` (common/src/api/admin-stock-thresholds.ts). */
export function createStockThresholdsRouter(deps: { stockThresholds: StockThresholdsService; guards: AuthGuards }) {
  const router = new Router<AppState>({ prefix: '/admin/stock-thresholds' });
  addCrudRoutes(typedRoutes(router, deps.guards), adminStockThresholdEndpoints, deps.stockThresholds);
  return router;
}
