import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Redis } from 'ioredis';
import Koa from 'koa';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import type { Knex } from 'knex';
import { ErrorCode } from '@topup/common';
import type { Config } from './config';
import { AppError } from './lib/app-error';
import { createCodeCrypto } from './lib/code-crypto';
import type { Logger } from './logger';
import { createAuthGuards } from './middleware/auth';
import { errorHandler } from './middleware/error-handler';
import { createRateLimitFactory } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { serveWebApps } from './middleware/web-apps';
import { createAuthRouter } from './modules/auth/auth.router';
import { createAuthService } from './modules/auth/auth.service';
import { createTokenService } from './modules/auth/token.service';
import { createBalanceRouter } from './modules/balance/balance.router';
import { createBalanceService } from './modules/balance/balance.service';
import { createCartRouter } from './modules/cart/cart.router';
import { createCartService } from './modules/cart/cart.service';
import { createCatalogueRouter } from './modules/catalogue/catalogue.router';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCheckoutRouter } from './modules/checkout/checkout.router';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { createActivationService } from './modules/freefire/activation.service';
import { createFreefirePlayerRouter } from './modules/freefire/freefire-player.router';
import { createFreefireRouter } from './modules/freefire/freefire.router';
import { createFreefireService } from './modules/freefire/freefire.service';
import { createHealthRouter } from './modules/health/health.router';
import { createOrdersRouter } from './modules/orders/orders.router';
import { createOrdersService } from './modules/orders/orders.service';
import { createPaymentsRouter } from './modules/payments/payments.router';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPromotionsRouter } from './modules/promotions/promotions.router';
import { createPromotionsService } from './modules/promotions/promotions.service';
import { createPubgRouter } from './modules/pubg/pubg.router';
import { createPubgService } from './modules/pubg/pubg.service';
import { createPubgPlayerRouter } from './modules/pubg/pubg-player.router';
import { createSteamRouter } from './modules/steam/steam.router';
import { createSteamService } from './modules/steam/steam.service';
import { createSupportRouter } from './modules/support/support.router';
import { createSupportService } from './modules/support/support.service';
import { createPlayerCheckService } from './modules/topup/player-check.service';
import { createTopupRouter } from './modules/topup/topup.router';
import { createTopupService } from './modules/topup/topup.service';
import { createGameProvider } from './providers/game';
import { createPaymentGateways } from './providers/payment';
import type { AppState } from './types';

export interface AppDeps {
  config: Config;
  db: Knex;
  redis: Redis;
  logger: Logger;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A request under /api that no route handled is a 404 (or 405 for a known path) in the error format. */
function answerUnmatchedApiRequests(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    const unmatched = ctx.body == null && (ctx.status === 404 || ctx.status === 405);
    if (!unmatched || !(ctx.path === '/api' || ctx.path.startsWith('/api/'))) return;
    if (ctx.status === 405) {
      throw new AppError(405, ErrorCode.METHOD_NOT_ALLOWED, `${ctx.method} is not allowed here`, {
        allowed: ctx.response.get('Allow'),
      });
    }
    throw new AppError(404, ErrorCode.NOT_FOUND, `No such endpoint: ${ctx.method} ${ctx.path}`);
  };
}

/** Composition root: builds every service from its explicit dependencies and mounts the routers. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const { config, db, redis, logger } = deps;
  const app = new Koa<AppState>({ proxy: config.trustProxy });

  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.jwtTtlSeconds });
  const guards = createAuthGuards({ db, tokens });
  const rateLimit = createRateLimitFactory({ redis, prefix: config.redisPrefix, rules: config.rateLimits });
  const catalogue = createCatalogueService({ db });
  const games = createGameProvider(config, { redis });
  const players = createPlayerCheckService({ games, redis, prefix: config.redisPrefix, logger });
  const steam = createSteamService({ db });
  const gateways = createPaymentGateways({ config, db, logger });

  const api = new Router<AppState>({ prefix: '/api' });
  const routers = [
    createHealthRouter({ db, redis }),
    createAuthRouter({ auth: createAuthService({ db, tokens }), guards, rateLimit }),
    createCatalogueRouter({ catalogue }),
    createPromotionsRouter({ promotions: createPromotionsService({ db }) }),
    createFreefireRouter({ freefire: createFreefireService({ db }) }),
    createPubgRouter({ pubg: createPubgService({ db }) }),
    createFreefirePlayerRouter({
      players,
      activation: createActivationService({ db, games, codeCrypto: createCodeCrypto(config.codesKey), logger }),
      guards,
      rateLimit,
    }),
    createPubgPlayerRouter({ players, rateLimit }),
    createSteamRouter({ steam, guards }),
    createTopupRouter({ topups: createTopupService({ db, players, steam }), guards }),
    createSupportRouter({ support: createSupportService({ db }), rateLimit }),
    createCartRouter({ cart: createCartService({ db, catalogue }), guards }),
    createBalanceRouter({ balance: createBalanceService({ db }), guards }),
    createCheckoutRouter({ checkout: createCheckoutService({ db }), guards }),
    createOrdersRouter({ orders: createOrdersService({ db, codeCrypto: createCodeCrypto(config.codesKey) }), guards }),
    createPaymentsRouter({
      payments: createPaymentsService({ db, gateways, logger, holdMinutes: config.cardHoldMinutes }),
      gateways,
      guards,
      rateLimit,
    }),
  ];
  for (const router of routers) api.use(router.routes(), router.allowedMethods());

  app.use(requestContext(logger));
  // JSON answers and index.html; built assets arrive precompressed and are left alone.
  app.use(compress({ threshold: 1024, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(errorHandler());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          // react-admin's Material UI injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    }),
  );
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: config.bodyLimit,
      encoding: 'utf-8',
    }),
  );
  app.use(guards.identify);
  app.use(answerUnmatchedApiRequests());
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(
    serveWebApps([
      { basePath: '/admin/', distDir: path.join(repoRoot, 'admin/dist') },
      { basePath: '/', distDir: path.join(repoRoot, 'storefront/dist') },
    ]),
  );
  return app;
}
