import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { METRICS_PREFIX } from '../../lib/metrics';
import type { AppContext, AppMiddleware } from '../../types';

/**
 * What became of a payment gateway's notification: `foreign-address` came from outside the gateway's
 * addresses and `unknown-payment` named no payment of ours; both are answered 200 and change nothing.
 */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'unknown-payment' | 'foreign-address' | 'refused' | 'failed';

/** What became of a supplier's notice of its order: kept (also a repeat), or refused (a bad signature, no order of ours). */
export type SupplierNoticeOutcome = 'kept' | 'refused';

export interface ApiMetrics {
  /** Times every request by method, route pattern and status. */
  measureRequests: AppMiddleware;
  /** Counts a request answered without Koa (answers-from-memory), as measureRequests would have. */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  recordWebhook(provider: string, outcome: WebhookOutcome): void;
  recordSupplierNotice(supplier: string, outcome: SupplierNoticeOutcome): void;
}

/** The route a request is counted under: the router's pattern (`/api/orders/:id`), never the raw URL. */
function routeOf(ctx: AppContext): string {
  const matched = (ctx as AppContext & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  if (ctx.state.answeredRoute !== undefined) return ctx.state.answeredRoute;
  if (ctx.path === '/api/admin/queues' || ctx.path.startsWith('/api/admin/queues/')) return '/api/admin/queues/*';
  if (ctx.path === '/api/metrics') return '/api/metrics';
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return 'unmatched';
  // The storefront's and the back office's pages and files.
  return ctx.path.startsWith('/admin/') ? 'admin-web' : 'storefront-web';
}

/** The API process's own metrics, in its process registry (createProcessRegistry). */
export function createApiMetrics(registry: Registry, sources: { openOrderStreams: () => number }): ApiMetrics {
  const requestDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: `${METRICS_PREFIX}payment_webhooks_total`,
    help: "Payment gateways' notifications by provider and outcome",
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const supplierNotices = new Counter({
    name: `${METRICS_PREFIX}supplier_notices_total`,
    help: "Suppliers' notices of their orders (POST /api/suppliers/<kind>/callback) by supplier and outcome (kept, refused)",
    labelNames: ['supplier', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: `${METRICS_PREFIX}order_streams_open`,
    help: "Order event streams (GET /api/orders/events) open in this API process, or in all of a machine's together",
    registers: [registry],
    collect() {
      this.set(sources.openOrderStreams());
    },
  });

  const recordRequest: ApiMetrics['recordRequest'] = (method, route, status, seconds) =>
    requestDuration.observe({ method, route, status: String(status) }, seconds);

  return {
    async measureRequests(ctx, next) {
      const started = process.hrtime.bigint();
      try {
        await next();
      } finally {
        recordRequest(ctx.method, routeOf(ctx), ctx.status, Number(process.hrtime.bigint() - started) / 1e9);
      }
    },
    recordRequest,
    recordWebhook(provider, outcome) {
      webhooks.inc({ provider, outcome });
    },
    recordSupplierNotice(supplier, outcome) {
      supplierNotices.inc({ supplier, outcome });
    },
  };
}
