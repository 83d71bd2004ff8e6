/** Configuration from environment variables; every one has a dev default listed in the README. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key (queues, rate limits, caches), so several stores or test runs share one Redis. */
  redisPrefix: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** 32-byte key (hex or base64) for AES-256-GCM encryption and the keyed hash of activation codes. */
  codesKey: string;
  adminNickname: string;
  adminPassword: string;
  shopperNickname: string;
  shopperPassword: string;
  paymentProvider: string;
  gameProvider: string;
  /** Simulated round trip of the sandbox game provider, in milliseconds (0 in tests). */
  gameProviderLatencyMs: number;
  /** Share (0 to 1) of sandbox game provider calls that fail as a transient outage, to exercise retries. */
  gameProviderFailureRate: number;
  ratesProvider: string;
  /** Secret that signs sandbox gateway webhooks (HMAC-SHA256). */
  paymentWebhookSecret: string;
  /** How long an unpaid card order holds its codes (and its pay page stays payable). */
  cardHoldMinutes: number;
  publicUrl: string;
  bodyLimit: string;
  logLevel: string;
  workerConcurrency: number;
  /** How many workers processes `npm start` runs beside the API. */
  workerProcesses: number;
  /**
   * How long a worker's lock on a running job lasts (renewed at half of it while the job runs). A job
   * whose worker died is run again once its lock has expired and a stalled-job check has seen it.
   */
  workerLockMs: number;
  /** How often each worker looks for stalled jobs (running jobs whose worker has died). */
  workerStalledIntervalMs: number;
  trustProxy: boolean;
  rateLimits: Record<RateLimitedAction, { points: number; durationSeconds: number }>;
}

/** Actions limited per client (DESIGN.md, Trust boundaries). */
export type RateLimitedAction = 'login' | 'register' | 'playerCheck' | 'support' | 'paymentCreate';

const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-in-production';
const DEV_CODES_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const port = Number(env.PORT ?? 3000);
  const config: Config = {
    env: nodeEnv,
    port,
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/topup',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'topup',
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 7 * 24 * 3600),
    codesKey: env.CODES_KEY ?? DEV_CODES_KEY,
    adminNickname: env.ADMIN_NICKNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD ?? 'admin12345',
    shopperNickname: env.SHOPPER_NICKNAME ?? 'shopper',
    shopperPassword: env.SHOPPER_PASSWORD ?? 'shopper12345',
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    gameProvider: env.GAME_PROVIDER ?? 'sandbox',
    gameProviderLatencyMs: Number(env.GAME_PROVIDER_LATENCY_MS ?? (nodeEnv === 'test' ? 0 : 300)),
    gameProviderFailureRate: Number(env.GAME_PROVIDER_FAILURE_RATE ?? 0),
    ratesProvider: env.RATES_PROVIDER ?? 'sandbox',
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET ?? 'dev-only-webhook-secret',
    cardHoldMinutes: Number(env.CARD_HOLD_MINUTES ?? 15),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    bodyLimit: env.BODY_LIMIT ?? '100kb',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    workerConcurrency: Number(env.WORKER_CONCURRENCY ?? 5),
    workerProcesses: Math.max(1, Number(env.WORKER_PROCESSES ?? 1)),
    workerLockMs: Number(env.WORKER_LOCK_MS ?? 30_000),
    workerStalledIntervalMs: Number(env.WORKER_STALLED_INTERVAL_MS ?? 30_000),
    trustProxy: env.TRUST_PROXY === 'true',
    rateLimits: {
      login: { points: 10, durationSeconds: 60 },
      register: { points: 5, durationSeconds: 600 },
      playerCheck: { points: 30, durationSeconds: 60 },
      support: { points: 5, durationSeconds: 600 },
      paymentCreate: { points: 10, durationSeconds: 60 },
    },
  };
  if (config.env === 'production') {
    if (config.jwtSecret === DEV_JWT_SECRET) throw new Error('JWT_SECRET must be set in production');
    if (config.codesKey === DEV_CODES_KEY) throw new Error('CODES_KEY must be set in production');
  }
  return config;
}
