import { availableParallelism } from 'node:os';
import { parseCodesKey } from '@topup/server-kit';

/** Configuration from environment variables; every one has a dev default listed in the README. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key (queues, rate limits, caches), so several stores or test runs share one Redis. */
  redisPrefix: string;
  jwtSecret: string;
  /** Lifetime of a session token. */
  jwtTtlSeconds: number;
  /** Lifetime of a session token asked for with "remember me" at login. */
  jwtRememberTtlSeconds: number;
  /** Admins must sign in with two-factor authentication; one not enrolled yet may only enrol. */
  adminRequire2fa: boolean;
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
  /** A staging shop may run the sandbox gateway in production (ALLOW_SANDBOX_PAYMENTS=true). */
  allowSandboxPayments: boolean;
  /** YooKassa (PAYMENT_PROVIDER=yookassa): shop id and secret key for HTTP Basic auth, and the API's base URL. */
  yookassa: {
    shopId: string;
    secretKey: string;
    apiUrl: string;
    /** 54-FZ: send a `receipt` with every payment (the checkout then asks for the customer's email). */
    sendReceipt: boolean;
    /** Receipt item VAT code (YooKassa's vat_code, 1 = no VAT). */
    vatCode: number;
    /** Receipt item payment subject (YooKassa's payment_subject). */
    paymentSubject: string;
    /** Receipt item payment mode (YooKassa's payment_mode). */
    paymentMode: string;
  };
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
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For. The client address is the
   * entry the outermost of them appended (README, "Behind a reverse proxy"); 0 means the socket's peer.
   */
  trustProxyHops: number;
  rateLimits: Record<RateLimitedAction, { points: number; durationSeconds: number }>;
  loginProtection: LoginProtectionLimits;
  /** argon2 is CPU- and memory-heavy: at most `concurrency` hashes at once, `queue` more waiting, the rest 503. */
  passwordHashing: { concurrency: number; queue: number };
}

/** Actions limited per client (DESIGN.md, Trust boundaries). Logins have their own, finer limits. */
export type RateLimitedAction = 'register' | 'playerCheck' | 'support' | 'paymentCreate';

/** Failed password logins allowed before a block (README, Architecture, "Login protection"). */
export interface LoginProtectionLimits {
  /** Consecutive failures of one nickname from one address; each further block of the pair lasts twice as long. */
  pair: { failures: number; blockSeconds: number; maxBlockSeconds: number };
  /** Failures of one nickname from any addresses within the window. */
  account: { failures: number; windowSeconds: number; blockSeconds: number };
  /** Failures from one address, whatever the nicknames, within the window. */
  address: { failures: number; windowSeconds: number; blockSeconds: number };
}

const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-in-production';
const DEV_WEBHOOK_SECRET = 'dev-only-webhook-secret';
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
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 24 * 3600),
    jwtRememberTtlSeconds: Number(env.JWT_REMEMBER_TTL_SECONDS ?? 30 * 24 * 3600),
    // On by default where real admins sign in; development and tests opt in.
    adminRequire2fa: env.ADMIN_REQUIRE_2FA === undefined ? nodeEnv === 'production' : env.ADMIN_REQUIRE_2FA === 'true',
    codesKey: env.CODES_KEY ?? DEV_CODES_KEY,
    adminNickname: env.ADMIN_NICKNAME ?? 'admin',
    // Production has no default admin password: a known one would open the back office to anyone.
    adminPassword: env.ADMIN_PASSWORD ?? (nodeEnv === 'production' ? '' : 'admin12345'),
    shopperNickname: env.SHOPPER_NICKNAME ?? 'shopper',
    shopperPassword: env.SHOPPER_PASSWORD ?? 'shopper12345',
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    gameProvider: env.GAME_PROVIDER ?? 'sandbox',
    gameProviderLatencyMs: Number(env.GAME_PROVIDER_LATENCY_MS ?? (nodeEnv === 'test' ? 0 : 300)),
    gameProviderFailureRate: Number(env.GAME_PROVIDER_FAILURE_RATE ?? 0),
    ratesProvider: env.RATES_PROVIDER ?? 'sandbox',
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
    allowSandboxPayments: env.ALLOW_SANDBOX_PAYMENTS === 'true',
    yookassa: {
      shopId: env.YOOKASSA_SHOP_ID ?? '',
      secretKey: env.YOOKASSA_SECRET_KEY ?? '',
      apiUrl: env.YOOKASSA_API_URL ?? 'https://api.yookassa.ru/v3',
      sendReceipt: env.YOOKASSA_SEND_RECEIPT === 'true',
      vatCode: Number(env.YOOKASSA_VAT_CODE ?? 1),
      paymentSubject: env.YOOKASSA_PAYMENT_SUBJECT ?? 'service',
      paymentMode: env.YOOKASSA_PAYMENT_MODE ?? 'full_payment',
    },
    cardHoldMinutes: Number(env.CARD_HOLD_MINUTES ?? 15),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    bodyLimit: env.BODY_LIMIT ?? '100kb',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    workerConcurrency: Number(env.WORKER_CONCURRENCY ?? 5),
    workerProcesses: Math.max(1, Number(env.WORKER_PROCESSES ?? 1)),
    workerLockMs: Number(env.WORKER_LOCK_MS ?? 30_000),
    workerStalledIntervalMs: Number(env.WORKER_STALLED_INTERVAL_MS ?? 30_000),
    // TRUST_PROXY=true is the older spelling of one trusted hop; an explicit TRUST_PROXY_HOPS wins.
    trustProxyHops: wholeNumber(env, 'TRUST_PROXY_HOPS', env.TRUST_PROXY === 'true' ? 1 : 0, 0),
    rateLimits: {
      register: { points: 5, durationSeconds: 600 },
      playerCheck: { points: 30, durationSeconds: 60 },
      support: { points: 5, durationSeconds: 600 },
      paymentCreate: { points: 10, durationSeconds: 60 },
    },
    loginProtection: {
      pair: {
        failures: wholeNumber(env, 'LOGIN_PAIR_FAILURES', 5),
        blockSeconds: wholeNumber(env, 'LOGIN_PAIR_BLOCK_SECONDS', 15 * 60),
        maxBlockSeconds: wholeNumber(env, 'LOGIN_PAIR_MAX_BLOCK_SECONDS', 24 * 3600),
      },
      account: {
        failures: wholeNumber(env, 'LOGIN_ACCOUNT_FAILURES', 20),
        windowSeconds: wholeNumber(env, 'LOGIN_ACCOUNT_WINDOW_SECONDS', 3600),
        blockSeconds: wholeNumber(env, 'LOGIN_ACCOUNT_BLOCK_SECONDS', 15 * 60),
      },
      address: {
        failures: wholeNumber(env, 'LOGIN_ADDRESS_FAILURES', 100),
        windowSeconds: wholeNumber(env, 'LOGIN_ADDRESS_WINDOW_SECONDS', 24 * 3600),
        blockSeconds: wholeNumber(env, 'LOGIN_ADDRESS_BLOCK_SECONDS', 24 * 3600),
      },
    },
    passwordHashing: {
      // Each hash keeps one core busy (one argon2 lane): leave a core to the event loop, or more hashes
      // at once starve every other request (bench/login-flood measured it on 2 cores).
      concurrency: wholeNumber(env, 'PASSWORD_HASH_CONCURRENCY', Math.max(1, availableParallelism() - 1)),
      queue: wholeNumber(env, 'PASSWORD_HASH_QUEUE', 32, 0),
    },
  };
  const [problem] = productionProblems(config);
  if (problem) throw new ConfigError(`Refusing to start in production: ${problem}`);
  return config;
}

/** A configuration the process must not run with; its message is the one line printed before exiting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole-number setting of at least `min`, else `fallback` when unset; a wrong value stops the start. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  }
  return value;
}

const MIN_SECRET_LENGTH = 32;
const MIN_ADMIN_PASSWORD_LENGTH = 12;
const NEW_SECRET_HINT = `set a random secret of at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32)`;

const found = (problems: Array<string | null>): string[] => problems.filter((problem) => problem !== null);

/** Why `secret` is unfit to sign anything in production, or null when it is fine. */
function secretProblem(name: string, secret: string, devDefault: string): string | null {
  if (secret === devDefault) return `${name} is the development default; ${NEW_SECRET_HINT}`;
  if (secret.length < MIN_SECRET_LENGTH) return `${name} is shorter than ${MIN_SECRET_LENGTH} characters; ${NEW_SECRET_HINT}`;
  return null;
}

function codesKeyProblem(codesKey: string): string | null {
  if (codesKey === DEV_CODES_KEY) {
    return 'CODES_KEY is the development default; set a 32-byte key of your own (openssl rand -hex 32)';
  }
  try {
    // The same decoding the code encryption uses, so whatever passes here also encrypts.
    parseCodesKey(codesKey);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function paymentProblems(config: Config): string[] {
  if (config.paymentProvider === 'sandbox') {
    return found([
      config.allowSandboxPayments
        ? null
        : 'PAYMENT_PROVIDER is sandbox, which takes no real money; ' +
          'set PAYMENT_PROVIDER=yookassa, or ALLOW_SANDBOX_PAYMENTS=true for a staging shop',
      // A staging shop's webhooks still credit balances, so their signing secret must not be public.
      secretProblem('PAYMENT_WEBHOOK_SECRET', config.paymentWebhookSecret, DEV_WEBHOOK_SECRET),
    ]);
  }
  if (config.paymentProvider === 'yookassa') {
    const missing = (name: string, value: string) =>
      value ? null : `${name} is not set; PAYMENT_PROVIDER=yookassa needs the shop id and secret key of the YooKassa shop`;
    return found([missing('YOOKASSA_SHOP_ID', config.yookassa.shopId), missing('YOOKASSA_SECRET_KEY', config.yookassa.secretKey)]);
  }
  return [];
}

function adminPasswordProblem(password: string): string | null {
  const hint = `set one of at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  if (password === '') return `ADMIN_PASSWORD is not set (production has no default admin password); ${hint}`;
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) return `ADMIN_PASSWORD is shorter than ${MIN_ADMIN_PASSWORD_LENGTH} characters; ${hint}`;
  return null;
}

/**
 * Every setting that makes a production store unsafe (DESIGN.md, Production), each as one line naming
 * it, in the order they are reported. Empty outside production, where the development defaults are fine.
 */
export function productionProblems(config: Config): string[] {
  if (config.env !== 'production') return [];
  return found([
    secretProblem('JWT_SECRET', config.jwtSecret, DEV_JWT_SECRET),
    codesKeyProblem(config.codesKey),
    ...paymentProblems(config),
    adminPasswordProblem(config.adminPassword),
  ]);
}

/**
 * Sandbox providers a production store may run with, but should not for long: one line each, for the
 * API and the workers to print at start. No real game supplier adapter exists yet.
 */
export function productionWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  return found([
    config.gameProvider === 'sandbox'
      ? 'WARNING: GAME_PROVIDER=sandbox in production: top-ups are simulated and no game account is credited ' +
        '(no real supplier adapter exists yet)'
      : null,
    config.ratesProvider === 'sandbox'
      ? 'WARNING: RATES_PROVIDER=sandbox in production: exchange rates come from a fixed demo table; set RATES_PROVIDER=cbr'
      : null,
  ]);
}
