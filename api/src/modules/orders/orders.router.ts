import Router from '@koa/router';
import { ordersEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { contentLanguage } from '../../lib/content-language';
import { EventStream } from '../../lib/event-stream';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { OrderFeed } from './order-feed';
import type { OrdersService } from './orders.service';

/** Long enough for any real browser's User-Agent; bounds what one request can write. */
const USER_AGENT_MAX_LENGTH = 512;

export function createOrdersRouter(deps: { orders: OrdersService; feed: OrderFeed; heartbeatMs: number; guards: AuthGuards }) {
  const { orders, feed, heartbeatMs, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  // Before `/orders/:id`, which would take "events" for an order number.
  routes.add(ordersEndpoints.events, async (ctx) => {
    const userId = currentUser(ctx).id;
    // The answer starts once this process hears every change made from then on.
    await feed.ready();
    return new EventStream({
      heartbeatMs,
      stillValid: () => guards.stillSignedIn(ctx),
      open: (sink) =>
        feed.listen(userId, {
          changed: (change) => (change ? sink.send('order', change) : sink.send('resync')),
          // Tells the client not to reconnect: it would only close the shopper's next oldest stream.
          replaced: () => {
            sink.send('replaced');
            sink.end();
          },
          end: sink.end,
        }),
    });
  });

  routes.add(ordersEndpoints.list, async (ctx, { query }) => orders.list(currentUser(ctx).id, contentLanguage(ctx), query.search));

  routes.add(ordersEndpoints.get, async (ctx, { params }) => {
    const viewer = {
      userId: currentUser(ctx).id,
      ip: ctx.ip || null,
      userAgent: ctx.get('user-agent').slice(0, USER_AGENT_MAX_LENGTH) || null,
    };
    const order = await orders.detail(viewer, params.id, contentLanguage(ctx));
    // The body may hold activation codes: no browser or proxy cache may keep it.
    ctx.set('Cache-Control', 'no-store');
    return order;
  });

  return router;
}
