import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { RedisConnection } from '@topup/server-kit';
import Koa from 'koa';
import compress from 'koa-compress';
import type { Knex } from 'knex';
import { ErrorCode } from '@topup/common';
import type { Endpoint } from '@topup/common/api';
import type { Config } from './config';
import { AppError } from './lib/app-error';
import { createOutboxDispatcher, withOutboxDispatch } from './lib/outbox';
import { createProcessRegistry, processLabel } from './lib/metrics';
import { endpointOf } from './lib/typed-routes';
import { createCodeCrypto, type InvalidationBus } from '@topup/server-kit';
import type { Logger } from './logger';
import { apiPackageDir } from './package-dir';
import { createAuthGuards } from './middleware/auth';
import { clientAddressOptions } from './middleware/client-address';
import { errorHandler } from './middleware/error-handler';
import { idempotent } from './middleware/idempotency';
import { createRateLimitFactory } from './middleware/rate-limit';
import { answersFromMemoryFirst, type AnswersFromMemoryDeps } from './middleware/answers-from-memory';
import { createAccessLog, requestContext, traceRequests } from './middleware/request-context';
import { securityHeaders, storeSecurityHeaders } from './middleware/security-headers';
import { serveWebApps } from './middleware/web-apps';
import { createAdminProductsRouter } from './modules/admin/products/products.router';
import { createAdminProductsService } from './modules/admin/products/products.service';
import { createAdminPromotionsRouter } from './modules/admin/promotions/promotions.router';
import { createAdminPromoCodesRouter } from './modules/admin/promo-codes/promo-codes.router';
import { createAdminPromoCodesService } from './modules/admin/promo-codes/promo-codes.service';
import { createAdminPromotionsService } from './modules/admin/promotions/promotions.service';
import { createAdminRegionsRouter } from './modules/admin/regions/regions.router';
import { createAdminRegionsService } from './modules/admin/regions/regions.service';
import { createAdminCodesRouter } from './modules/admin/codes/codes.router';
import { createAdminCodesService } from './modules/admin/codes/codes.service';
import { createAdminPubgDenominationsRouter } from './modules/admin/pubg-denominations/pubg-denominations.router';
import { createAdminPubgDenominationsService } from './modules/admin/pubg-denominations/pubg-denominations.service';
import { createAdminPubgCodesRouter } from './modules/admin/pubg-codes/pubg-codes.router';
import { createAdminPubgCodesService } from './modules/admin/pubg-codes/pubg-codes.service';
import { createAdminFreefireDenominationsRouter } from './modules/admin/freefire-denominations/freefire-denominations.router';
import { createAdminFreefireDenominationsService } from './modules/admin/freefire-denominations/freefire-denominations.service';
import { createAdminOrdersRouter } from './modules/admin/orders/admin-orders.router';
import { createAdminOrdersService } from './modules/admin/orders/admin-orders.service';
import { createAuditLogRouter } from './modules/admin/audit-log/audit-log.router';
import { createAuditLogService } from './modules/admin/audit-log/audit-log.service';
import { createAdminUsersRouter } from './modules/admin/users/admin-users.router';
import { createAdminUsersService } from './modules/admin/users/admin-users.service';
import { createCurrencyRatesRouter } from './modules/admin/currency-rates/currency-rates.router';
import { createCurrencyRatesService } from './modules/admin/currency-rates/currency-rates.service';
import { createDashboardRouter } from './modules/admin/dashboard/dashboard.router';
import { createDashboardService } from './modules/admin/dashboard/dashboard.service';
import { createStockThresholdsRouter } from './modules/admin/stock-thresholds/stock-thresholds.router';
import { createStockThresholdsService } from './modules/admin/stock-thresholds/stock-thresholds.service';
import { createGeneratedCodesRouter } from './modules/admin/generated-codes/generated-codes.router';
import { createGeneratedCodesService } from './modules/admin/generated-codes/generated-codes.service';
import { createQueueDashboard, openObservedQueues } from './modules/admin/queues/queue-dashboard';
import { createQueueChangeRecorder } from './modules/admin/queues/queue-audit';
import { createQueueSessions } from './modules/admin/queues/queue-session';
import { createQueuesRouter } from './modules/admin/queues/queues.router';
import { createAdminSupportMessagesRouter } from './modules/admin/support-messages/support-messages.router';
import { createAdminSupportMessagesService } from './modules/admin/support-messages/support-messages.service';
import { createApiMetrics } from './modules/metrics/api-metrics';
import { serveMetrics } from './modules/metrics/metrics.router';
import { scrapedApiMetrics } from './cluster';
import { createApiDocsRouter } from './modules/api-docs/api-docs.router';
import { rawOperations } from './modules/api-docs/raw-operations';
import { createAuthRouter } from './modules/auth/auth.router';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginProtection } from './modules/auth/login-protection.service';
import { createKnownDevices } from './modules/auth/known-devices';
import { createPasswordHasher, shedWhenBusy } from './modules/auth/password-hasher';
import { createSessionCache } from './modules/auth/session-cache';
import { createAccountEmailRouter } from './modules/mail/account-email.router';
import { createAccountEmailService } from './modules/mail/account-email.service';
import { createAdminMailsRouter } from './modules/admin/mails/admin-mails.router';
import { createAdminMailsService } from './modules/admin/mails/admin-mails.service';
import { createSessionsRouter } from './modules/auth/sessions.router';
import { createSessionsService } from './modules/auth/sessions.service';
import { createTokenService } from './modules/auth/token.service';
import { createBalanceRouter } from './modules/balance/balance.router';
import { createBalanceService } from './modules/balance/balance.service';
import { createCartRouter } from './modules/cart/cart.router';
import { createCartService } from './modules/cart/cart.service';
import { createCatalogueAnswers } from './modules/catalogue/catalogue-answers';
import { nextPromotionBoundary } from './modules/promotions/promotion-prices';
import { createCatalogueChanges } from './modules/catalogue/catalogue-changes';
import { createCatalogueRouter } from './modules/catalogue/catalogue.router';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { createActivationService } from './modules/freefire/activation.service';
import { createFreefirePlayerRouter } from './modules/freefire/freefire-player.router';
import { createFreefireRouter } from './modules/freefire/freefire.router';
import { createFreefireService } from './modules/freefire/freefire.service';
import { createHealthRouter } from './modules/health/health.router';
import { createOrderFeed, withOrderChangeFeed, type OrderFeed } from './modules/orders/order-feed';
import { createOrdersRouter } from './modules/orders/orders.router';
import { createOrdersService } from './modules/orders/orders.service';
import { createPaymentsRouter } from './modules/payments/payments.router';
import { paymeEndpoint } from './modules/payme/payme.endpoint';
import { createPaymeMerchantService } from './modules/payme/payme.service';
import { PAYME_PROVIDER } from './providers/payment/payme.gateway';
import { clickEndpoint } from './modules/click/click.endpoint';
import { createClickShopService } from './modules/click/click.service';
import { CLICK_PROVIDER } from './providers/payment/click.gateway';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPromotionsRouter } from './modules/promotions/promotions.router';
import { createPromoCodesRouter } from './modules/promo-codes/promo-codes.router';
import { createPromoCodesService } from './modules/promo-codes/promo-codes.service';
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
import { createGamesRouter } from './modules/games/games.router';
import { createGamesService } from './modules/games/games.service';
import { createAdminGamesRouter } from './modules/games/admin-games.router';
import { createAdminGamesService } from './modules/games/admin-games.service';
import { createSandboxSupplyGuard } from './modules/suppliers/sandbox-supply';
import { createChallengeTokens } from './modules/two-factor/challenge-tokens';
import { createTwoFactorRouter } from './modules/two-factor/two-factor.router';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { configuredSupplierKinds, createGameProvider, createSupplierProviders } from './providers/game';
import { createSuppliersRouter } from './modules/suppliers/suppliers.router';
import { createAdminSuppliersRouter } from './modules/admin/suppliers/admin-suppliers.router';
import { createAdminSuppliersService } from './modules/admin/suppliers/admin-suppliers.service';
import { createMarginsRouter } from './modules/admin/margins/margins.router';
import { createMarginsService } from './modules/admin/margins/margins.service';
import { createTopupDelivery } from './modules/fulfilment/topup-delivery';
import { createPaymentGateways } from './providers/payment';
import type { AppState } from './types';

export interface AppDeps {
  config: Config;
  db: Knex;
  redis: RedisConnection;
  /** Tells every API and worker process what a change made stale (caches subscribe to it). */
  invalidations: InvalidationBus;
  logger: Logger;
}

const repoRoot = path.dirname(apiPackageDir);

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

/** The /api router each app was composed with, for listApiRoutes. */
const composedApiRouters = new WeakMap<Koa<AppState>, Router<AppState>>();

export interface ApiRoute {
  method: string;
  /** As declared, with its parameters (`/api/admin/orders/:id`). */
  path: string;
  /** Whether a concrete request path reaches this route. */
  matches(path: string): boolean;
  /** The contract it was declared with (common/src/api), if any. */
  endpoint?: Endpoint;
}

/** Every route the app's /api router answers (HEAD, which GET implies, left out): for tests that check each one. */
export function listApiRoutes(app: Koa<AppState>): ApiRoute[] {
  const api = composedApiRouters.get(app);
  if (!api) throw new Error('This app was not built by createApp');
  return routesOf(api);
}

function routesOf(api: Router<AppState>): ApiRoute[] {
  return api.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        path: String(layer.path),
        matches: (path: string) => layer.match(path),
        endpoint: layer.stack.map(endpointOf).find(Boolean),
      })),
  );
}

/** The order feed of each app, whose open streams its server ends when it shuts down. */
const appOrderFeeds = new WeakMap<Koa<AppState>, OrderFeed>();

/** The app's live order feed: `close()` it before closing the server, so open streams do not hold the shutdown. */
export function orderFeedOf(app: Koa<AppState>): OrderFeed {
  const feed = appOrderFeeds.get(app);
  if (!feed) throw new Error('This app was not built by createApp');
  return feed;
}

/**
 * Koa, with the answers kept in memory sent before it (answers-from-memory): `listen`, and tests
 * calling `callback()`, both go that way.
 */
class StoreApp extends Koa<AppState> {
  private answersFromMemory?: AnswersFromMemoryDeps;

  answerFirst(deps: AnswersFromMemoryDeps): void {
    this.answersFromMemory = deps;
  }

  override callback(): ReturnType<Koa<AppState>['callback']> {
    const handle = super.callback();
    if (!this.answersFromMemory) return handle;
    const handleFirst = answersFromMemoryFirst(this.answersFromMemory, (request, response) => void handle(request, response));
    return async (request, response) => handleFirst(request as IncomingMessage, response as ServerResponse);
  }
}

/** Composition root: builds every service from its explicit dependencies and mounts the routers. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const { config, redis, invalidations, logger } = deps;
  const app = new StoreApp(clientAddressOptions(config.trustProxyHops));
  // The queues as the API sees them: the dashboards look at them, and every transaction of the
  // services below adds its outbox jobs to them as soon as it commits, and tells the shoppers' open
  // order streams (in whichever API process) what it changed of their orders.
  const queues = openObservedQueues(redis, config.redisPrefix, logger);
  const db = withOrderChangeFeed(withOutboxDispatch(deps.db, createOutboxDispatcher({ db: deps.db, queues, connection: redis, logger })), {
    redis,
    prefix: config.redisPrefix,
    onError: (err) => logger.warn({ err: err.message }, 'Could not publish an order change'),
  });
  const orderFeed = createOrderFeed({
    redis,
    prefix: config.redisPrefix,
    limits: config.orderStreams,
    heartbeatMs: config.orderEventsHeartbeatMs,
    onError: (err, action) => logger.warn({ err: err.message }, `order feed: ${action}`),
    warn: (message, details) => logger.warn(details, message),
  });
  appOrderFeeds.set(app, orderFeed);

  const metricsRegistry = createProcessRegistry(processLabel('api'));
  const metrics = createApiMetrics(metricsRegistry, { openOrderStreams: orderFeed.listenerCount });

  const tokens = createTokenService({
    secret: config.jwtSecret,
    ttlSeconds: config.jwtTtlSeconds,
    rememberTtlSeconds: config.jwtRememberTtlSeconds,
  });
  const guards = createAuthGuards({ tokens, sessions: createSessionCache({ db, invalidations }) });
  const rateLimit = createRateLimitFactory({ redis, prefix: config.redisPrefix, rules: config.rateLimits });
  // One Idempotency-Key store (Postgres) for the money calls.
  const idempotency = idempotent(db);
  const catalogue = createCatalogueService({ db });
  const catalogueAnswers = createCatalogueAnswers({
    invalidations: deps.invalidations,
    ttlMs: config.catalogueCacheTtlMs,
    nextPriceChange: () => nextPromotionBoundary(db),
  });
  // Every write to what those answers show publishes through this, once its transaction commits.
  const catalogueChanges = createCatalogueChanges(deps.invalidations);
  const supplyGuard = createSandboxSupplyGuard(config);
  const games = createGameProvider(config, { redis });
  const suppliers = createSupplierProviders(config, { logger });
  // Every source a top-up is delivered from, by supplier kind: the sandbox game provider among them.
  const deliverySources = { sandbox: games, ...suppliers };
  const players = createPlayerCheckService({ db, games, suppliers, redis, prefix: config.redisPrefix, logger });
  const steam = createSteamService({ db });
  const gateways = createPaymentGateways({ config, db, logger });
  const gamesService = createGamesService({ db, players });
  const topups = createTopupService({ db, players, steam, games: gamesService });
  const codeCrypto = createCodeCrypto(config.codesKey);
  // One argon2 gate and one login protection for every password check: login, and a password change.
  const passwords = createPasswordHasher(config.passwordHashing);
  const loginProtection = createLoginProtection({ redis, db, prefix: config.redisPrefix, limits: config.loginProtection, logger });
  const knownDevices = createKnownDevices({ secret: config.jwtSecret });
  const twoFactor = createTwoFactorService({
    db,
    tokens,
    challenges: createChallengeTokens({ secret: config.jwtSecret }),
    codeCrypto,
    codesKey: config.codesKey,
    requiredForAdmins: config.adminRequire2fa,
    invalidations,
  });

  const adminOrders = createAdminOrdersService({ db, catalogueChanges, fulfilmentQueue: queues.fulfilment });
  // Operations: the queue dashboard's sessions.
  const queueSessions = createQueueSessions({ secret: config.jwtSecret });

  const api = new Router<AppState>({ prefix: '/api' });
  const routers = [
    createHealthRouter({ db, redis }),
    createAuthRouter({
      auth: createAuthService({ db, tokens, passwords, signIn: twoFactor.signIn }),
      guards,
      rateLimit,
      loginProtection,
      knownDevices,
    }),
    createSessionsRouter({ sessions: createSessionsService({ db, tokens, passwords, invalidations }), guards, loginProtection, knownDevices }),
    createTwoFactorRouter({ twoFactor, guards, loginProtection, knownDevices }),
    createAccountEmailRouter({ accountEmail: createAccountEmailService({ db, passwords, invalidations }), guards, rateLimit }),
    createCatalogueRouter({ catalogue, answers: catalogueAnswers }),
    createPromotionsRouter({ promotions: createPromotionsService({ db }), answers: catalogueAnswers }),
    createFreefireRouter({ freefire: createFreefireService({ db }), answers: catalogueAnswers }),
    createPubgRouter({ pubg: createPubgService({ db }), answers: catalogueAnswers }),
    createGamesRouter({ games: gamesService, answers: catalogueAnswers, rateLimit }),
    createFreefirePlayerRouter({
      players,
      games: gamesService,
      activation: createActivationService({ db, games, codeCrypto, logger }),
      guards,
      rateLimit,
      idempotency,
    }),
    createPubgPlayerRouter({ players, games: gamesService, rateLimit }),
    createSteamRouter({ steam, guards }),
    createTopupRouter({ topups, guards, idempotency }),
    createPromoCodesRouter({ promoCodes: createPromoCodesService({ db, topups }), guards, rateLimit }),
    createSuppliersRouter({
      delivery: createTopupDelivery({ db, logger, games, suppliers: deliverySources, codeCrypto }),
      providers: deliverySources,
      recordNotice: metrics.recordSupplierNotice,
    }),
    createSupportRouter({ support: createSupportService({ db }), rateLimit, guards }),
    createCartRouter({ cart: createCartService({ db, catalogue }), guards }),
    createBalanceRouter({ balance: createBalanceService({ db }), guards }),
    createOrdersRouter({ orders: createOrdersService({ db, codeCrypto }), feed: orderFeed, heartbeatMs: config.orderEventsHeartbeatMs, guards }),
    createPaymentsRouter({
      payments: createPaymentsService({
        db,
        gateways,
        topups,
        logger,
        holdMinutes: config.cardHoldMinutes,
        publicUrl: config.publicUrl,
        catalogueChanges,
      }),
      checkout: createCheckoutService({ db, catalogueChanges }),
      gateways,
      guards,
      rateLimit,
      idempotency,
      recordWebhook: metrics.recordWebhook,
    }),
    // Back office: catalogue and stock; each router guards its own prefix.
    createAdminProductsRouter({ products: createAdminProductsService({ db, catalogueChanges, supplyGuard }), guards }),
    createAdminRegionsRouter({ regions: createAdminRegionsService({ db, catalogueChanges }), guards }),
    createAdminPromotionsRouter({ promotions: createAdminPromotionsService({ db, catalogueChanges }), guards }),
    createAdminPromoCodesRouter({ promoCodes: createAdminPromoCodesService({ db }), guards }),
    createAdminCodesRouter({ codes: createAdminCodesService({ db, codeCrypto, catalogueChanges }), guards }),
    createAdminPubgDenominationsRouter({ denominations: createAdminPubgDenominationsService({ db, catalogueChanges, supplyGuard }), guards }),
    createAdminPubgCodesRouter({ codes: createAdminPubgCodesService({ db, codeCrypto, catalogueChanges }), guards }),
    createAdminFreefireDenominationsRouter({ denominations: createAdminFreefireDenominationsService({ db, catalogueChanges, supplyGuard }), guards }),
    createAdminGamesRouter({ admin: createAdminGamesService({ db, catalogueChanges, supplyGuard }), guards }),
    createAdminOrdersRouter({ orders: adminOrders, guards }),
    createAdminUsersRouter({ users: createAdminUsersService({ db, invalidations }), orders: adminOrders, guards }),
    // Back office: operations.
    createGeneratedCodesRouter({
      generatedCodes: createGeneratedCodesService({ db, codeCrypto, catalogueChanges }),
      guards,
    }),
    createCurrencyRatesRouter({ currencyRates: createCurrencyRatesService({ db }), guards }),
    createAdminSupportMessagesRouter({ supportMessages: createAdminSupportMessagesService({ db }), guards }),
    createDashboardRouter({ dashboard: createDashboardService({ db, queues, attentionAfterMinutes: config.attentionAfterMinutes }), guards }),
    createStockThresholdsRouter({ stockThresholds: createStockThresholdsService({ db }), guards }),
    createAdminSuppliersRouter({ suppliers: createAdminSuppliersService({ db, configured: new Set(configuredSupplierKinds(config)), supplyGuard }), guards }),
    createMarginsRouter({ margins: createMarginsService({ db }), guards }),
    createQueuesRouter({ db, sessions: queueSessions, guards }),
    createAuditLogRouter({ auditLog: createAuditLogService({ db }), guards }),
    createAdminMailsRouter({ mails: createAdminMailsService({ db }), guards }),
  ];
  // One allowedMethods, the app's own below, answers 405 and 501 for them all: one per router would be
  // a middleware every request runs through.
  for (const router of routers) api.use(router.routes());
  const docs = createApiDocsRouter({
    endpoints: () => [...new Set(routesOf(api).flatMap((route) => (route.endpoint ? [route.endpoint] : [])))],
    raw: rawOperations,
  });
  api.use(docs.routes());
  composedApiRouters.set(app, api);

  // Which of the API processes sharing the port answered (docs/architecture.md, "Processes"): a pid
  // tells an outsider nothing useful, but production keeps even that to itself.
  const everyAnswersHeaders = storeSecurityHeaders(config.env === 'production' ? [] : [['X-Api-Process', String(process.pid)]]);
  app.answerFirst({
    find: catalogueAnswers.find,
    headers: everyAnswersHeaders,
    logAccess: createAccessLog(logger),
    recordRequest: metrics.recordRequest,
  });
  app.use(requestContext(logger));
  app.use(metrics.measureRequests);
  app.use(securityHeaders(everyAnswersHeaders));
  // A catalogue read asked exactly so before is answered here, already compressed, past nothing it does not need.
  app.use(catalogueAnswers.serveCached(guards.isAnonymousOrSignedIn));
  app.use(traceRequests);
  // JSON answers and index.html; built assets arrive precompressed and are left alone, and event
  // streams opt out (lib/event-stream.ts), as compression would hold their events back.
  app.use(compress({ threshold: 1024, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use(errorHandler());
  // The anonymous ways into argon2, refused at once while its gate is full (see shedWhenBusy).
  app.use(shedWhenBusy(passwords, knownDevices, ['/api/login', '/api/register']));
  // Payme's Merchant API answers even a body that is not JSON in its own protocol: ahead of the parser.
  if (gateways.byName(PAYME_PROVIDER)) {
    const merchant = createPaymeMerchantService({ db, logger, catalogueChanges });
    app.use(paymeEndpoint({ merchant, settings: config.payme, recordWebhook: metrics.recordWebhook }));
  }
  // Click's SHOP API sends forms and reads its own JSON answers, whatever it sent: ahead of the parser too.
  if (gateways.byName(CLICK_PROVIDER)) {
    const shop = createClickShopService({ db, logger, catalogueChanges });
    app.use(clickEndpoint({ shop, settings: config.click, recordWebhook: metrics.recordWebhook }));
  }
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: config.bodyLimit,
      encoding: 'utf-8',
    }),
  );
  app.use(
    serveMetrics({
      apiMetrics: scrapedApiMetrics(metricsRegistry),
      db,
      redis,
      redisPrefix: config.redisPrefix,
      queues,
      metricsToken: config.metricsToken,
      guards,
    }),
  );
  app.use(guards.identify);
  app.use(answerUnmatchedApiRequests());
  // bull-board is a Koa app of its own, mounted at /api/admin/queues behind its admin check.
  app.use(
    createQueueDashboard({
      db,
      queues: Object.values(queues),
      sessions: queueSessions,
      publicUrl: config.publicUrl,
      recordChange: createQueueChangeRecorder({ db }),
    }),
  );
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
