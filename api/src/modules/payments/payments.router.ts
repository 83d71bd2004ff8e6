import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { PaymentGateways } from '../../providers/payment';
import type { AppMiddleware, AppState } from '../../types';
import { fromBalanceBody, type FromBalanceBody } from '../checkout/checkout.schemas';
import type { CheckoutService } from '../checkout/checkout.service';
import { createPaymentBody, webhookParams, type CreatePaymentBody, type WebhookParams } from './payments.schemas';
import type { PaymentsService } from './payments.service';

/** Every way to pay: the cart from the balance (the checkout service), and gateway payments with their webhooks. */
export function createPaymentsRouter(deps: {
  payments: PaymentsService;
  checkout: CheckoutService;
  gateways: PaymentGateways;
  guards: AuthGuards;
  rateLimit: RateLimitFactory;
  idempotency: AppMiddleware;
}) {
  const { payments, checkout, gateways, guards, rateLimit, idempotency } = deps;
  const router = new Router<AppState>();

  router.post('/payment/from-balance', guards.requireUser, idempotency, validate({ body: fromBalanceBody }), async (ctx) => {
    const { currency } = ctx.state.valid.body as FromBalanceBody;
    ctx.status = 201;
    ctx.body = { success: true, ...(await checkout.payFromBalance(currentUser(ctx).id, currency)) };
  });

  router.post(
    '/payment/create',
    guards.requireUser,
    idempotency,
    rateLimit('paymentCreate', (ctx) => `user:${currentUser(ctx).id}`),
    validate({ body: createPaymentBody }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await payments.startPayment(currentUser(ctx).id, ctx.state.valid.body as CreatePaymentBody);
    },
  );

  // Public: what the checkout offers, before anyone logs in.
  router.get('/payment/methods', async (ctx) => {
    ctx.body = await payments.methods();
  });

  // Called by the gateway, not a browser: no session, the signature over the raw body is the proof.
  router.post('/payment/webhook/:provider', validate({ params: webhookParams }), async (ctx) => {
    const { provider } = ctx.state.valid.params as WebhookParams;
    try {
      const receipt = await payments.receiveWebhook(provider, ctx.request.rawBody as string | undefined, ctx.headers);
      ctx.state.log.info({ provider, reference: receipt.reference, duplicate: receipt.duplicate }, 'Gateway webhook received');
    } catch (err) {
      ctx.state.log.warn({ provider, err: (err as Error).message }, 'Gateway webhook refused');
      throw err;
    }
    ctx.body = { received: true };
  });

  // The gateway's own pages (the sandbox's hosted pay page), when it serves any.
  const gatewayRoutes = gateways.current.routes?.();
  if (gatewayRoutes) router.use(gatewayRoutes.routes(), gatewayRoutes.allowedMethods());

  return router;
}
