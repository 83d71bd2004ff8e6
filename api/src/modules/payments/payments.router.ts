import Router from '@koa/router';
import { paymentsEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { AppError } from '../../lib/app-error';
import { typedRoutes } from '../../lib/typed-routes';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { PaymentGateways } from '../../providers/payment';
import type { AppMiddleware, AppState } from '../../types';
import type { CheckoutService } from '../checkout/checkout.service';
import type { ApiMetrics } from '../metrics/api-metrics';
import { webhookParams, type WebhookParams } from './payments.schemas';
import type { PaymentsService } from './payments.service';

/** Every way to pay: the cart from the balance (the checkout service), and gateway payments with their webhooks. */
export function createPaymentsRouter(deps: {
  payments: PaymentsService;
  checkout: CheckoutService;
  gateways: PaymentGateways;
  guards: AuthGuards;
  rateLimit: RateLimitFactory;
  idempotency: AppMiddleware;
  /** Counts each webhook's outcome for the metrics. */
  recordWebhook: ApiMetrics['recordWebhook'];
}) {
  const { payments, checkout, gateways, guards, rateLimit, idempotency, recordWebhook } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(paymentsEndpoints.fromBalance, [idempotency], async (ctx, { body }) => ({
    success: true as const,
    ...(await checkout.payFromBalance(currentUser(ctx).id, body.currency, ctx.state.idempotency, body.promoCode)),
  }));

  routes.add(
    paymentsEndpoints.create,
    [idempotency, rateLimit('paymentCreate', (ctx) => `user:${currentUser(ctx).id}`)],
    async (ctx, { body }) => payments.startPayment(currentUser(ctx).id, body, ctx.state.idempotency),
  );

  routes.add(paymentsEndpoints.methods, () => payments.methods());

  // Called by the gateway, not a browser: no session; the signature over the raw body is the proof, or,
  // for a gateway that does not sign, the address it came from (and the store reads the payment back).
  router.post('/payment/webhook/:provider', validate({ params: webhookParams }), async (ctx) => {
    const { provider } = ctx.state.valid.params as WebhookParams;
    const gateway = gateways.byName(provider);
    if (gateway?.acceptsNotificationFrom && !gateway.acceptsNotificationFrom(ctx.ip)) {
      // 200 all the same: a forger learns nothing, and the store never reads what it sent.
      ctx.state.log.warn({ provider, address: ctx.ip }, 'Gateway webhook from an address the gateway does not send from: ignored');
      recordWebhook(provider, 'foreign-address');
      ctx.body = { received: true };
      return;
    }
    try {
      const receipt = await payments.receiveWebhook(provider, ctx.request.rawBody as string | undefined, ctx.headers);
      ctx.state.log.info({ provider, reference: receipt.reference, outcome: receipt.outcome }, 'Gateway webhook received');
      recordWebhook(provider, receipt.outcome);
    } catch (err) {
      ctx.state.log.warn({ provider, err: (err as Error).message }, 'Gateway webhook refused');
      // Refused: the gateway's notification was wrong (4xx); failed: the store could not take it (5xx).
      recordWebhook(provider, err instanceof AppError && err.status < 500 ? 'refused' : 'failed');
      throw err;
    }
    ctx.body = { received: true };
  });

  // The gateways' own pages (the sandbox's hosted pay page), when they serve any.
  for (const gateway of gateways.all) {
    const gatewayRoutes = gateway.routes?.();
    if (gatewayRoutes) router.use(gatewayRoutes.routes(), gatewayRoutes.allowedMethods());
  }

  return router;
}
