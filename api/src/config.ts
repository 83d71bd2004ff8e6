import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Ajv, type SchemaObject } from 'ajv';
import addFormats from 'ajv-formats';
import Type, { type Static } from 'typebox';
import { parseCodesKey, parseRedisUrl } from '@topup/server-kit';
import { createAddressList } from './lib/address-list';

/** Configuration from environment variables; every one has a dev default listed in the README. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  /**
   * Postgres itself when databaseUrl is a pooler in transaction mode, for what needs a session of its
   * own: the outbox relay's LISTEN and the migrations (docs/scaling.md#pgbouncer). Read it through
   * directDatabaseUrl(): unset, databaseUrl is Postgres itself.
   */
  databaseDirectUrl: string | undefined;
  /** Hot queries are sent as named prepared statements (server-kit's prepared()); off behind a pooler that cannot keep them. */
  databasePreparedStatements: boolean;
  /** Most connections each API or workers process opens to Postgres. */
  databasePoolMax: number;
  redisUrl: string;
  /** Prefix for every Redis key (queues, rate limits, caches), so several stores or test runs share one Redis. */
  redisPrefix: string;
  /** Longest an API process serves a cached catalogue answer: how stale it may be when an invalidation is lost (Redis away). */
  catalogueCacheTtlMs: number;
  /** How often an open order event stream sends a comment line (keeping proxies from closing it) and checks its session. */
  orderEventsHeartbeatMs: number;
  /** Open order event streams: per shopper across every API process, and in all in this process. */
  orderStreams: { perUser: number; perProcess: number };
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
  /** The payment gateways, in PAYMENT_PROVIDER's order: the first that takes a method and an order's currency is used. */
  paymentProviders: string[];
  gameProvider: string;
  /** Simulated round trip of the sandbox game provider, in milliseconds (0 in tests). */
  gameProviderLatencyMs: number;
  /** Share (0 to 1) of sandbox game provider calls that fail as a transient outage, to exercise retries. */
  gameProviderFailureRate: number;
  /** SEAGM Open API; without a uid and a secret the store has no SEAGM supplier. */
  seagm: { apiUrl: string; uid: string; secret: string };
  /** MooGold reseller API; without a partner id and a secret the store has no MooGold supplier. */
  moogold: { apiUrl: string; partnerId: string; secret: string };
  /**
   * Smart Glocal payouts (Steam wallets); without a project, our private key and Smart Glocal's public key the
   * store has no Smart Glocal supplier. Keys are PEM.
   */
  smartglocal: { apiUrl: string; project: string; privateKey: string; publicKey: string };
  ratesProvider: string;
  /** Secret that signs sandbox gateway webhooks (HMAC-SHA256). */
  paymentWebhookSecret: string;
  /** A staging shop may run the sandbox gateway in production (ALLOW_SANDBOX_PAYMENTS=true). */
  allowSandboxPayments: boolean;
  /** A staging shop may sell top-ups the sandbox delivers in production (ALLOW_SANDBOX_SUPPLIERS=true). */
  allowSandboxSuppliers: boolean;
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
    /** The shop's tax system (YooKassa's receipt tax_system_code); unset: the one set up in YooKassa. */
    taxSystemCode: number | undefined;
    /** Addresses and ranges notifications may come from; a notification from anywhere else is ignored. */
    notificationIps: string[];
    /** Payments YooKassa marks `test: true` may complete orders: never in production. */
    acceptTestPayments: boolean;
  };
  /** Payme's Merchant API (PAYMENT_PROVIDER lists payme): the cash desk's id and key, and the checkout the shopper is sent to. */
  payme: {
    merchantId: string;
    /** The key Payme signs its calls with (HTTP Basic `Paycom:<key>`): the test key in Payme's test environment. */
    key: string;
    checkoutUrl: string;
    /** Payme's test environment (its sandbox and test cards): never in production. */
    test: boolean;
  };
  /**
   * Click's SHOP API (PAYMENT_PROVIDER lists click): the service and merchant ids, the secret key Click
   * signs its Prepare and Complete calls with, the merchant user id, and the payment page the shopper is sent to.
   */
  click: {
    serviceId: string;
    merchantId: string;
    secretKey: string;
    merchantUserId: string;
    checkoutUrl: string;
  };
  /** How long an unpaid card order holds its codes (and its pay page stays payable). */
  cardHoldMinutes: number;
  /** A paid order still processing after this long shows in the dashboard's "Needs attention" inbox. */
  attentionAfterMinutes: number;
  /**
   * How often the workers look for paid orders whose delivery job is gone (Redis emptied or lost), and
   * how long a delivery job may be out of sight before it counts as gone and is queued again.
   */
  deliverySweepSeconds: number;
  /** How often the workers read the suppliers' balances (docs/architecture.md, "Supplier balances"). */
  supplierBalanceSeconds: number;
  publicUrl: string;
  /** How mail leaves the store (docs/architecture.md, "Mail"): an SMTP server, or, unset outside production, the `mails` table only. */
  mail: { smtpUrl: string | undefined; from: string };
  bodyLimit: string;
  logLevel: string;
  /** The bearer token Prometheus scrapes /api/metrics with; unset: only an admin's token is accepted. */
  metricsToken: string | undefined;
  /** Dispatched outbox rows older than this many days are deleted by the outbox-pruning schedule. */
  outboxRetentionDays: number;
  workerConcurrency: number;
  /**
   * How many API processes share PORT on this machine (docs/architecture.md, "Processes"): more than
   * one, the API's entry forks them under a node:cluster primary.
   */
  apiProcesses: number;
  /**
   * How much lower the API processes' CPU priority is than the workers' (a nice value, 0 to 19):
   * where they share cores, paid orders are delivered before more checkouts are taken
   * (docs/architecture.md, "Processes").
   */
  apiNiceness: number;
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
  rateLimits: Record<RateLimitedAction, RateLimitRule>;
  loginProtection: LoginProtectionLimits;
  /**
   * argon2 is CPU- and memory-heavy: at most `concurrency` hashes at once, `queue` more waiting, the rest
   * 503; sign-ins from known devices wait in a `preferredQueue` of their own, served first.
   */
  passwordHashing: { concurrency: number; queue: number; preferredQueue: number };
}

/** `points` requests per `durationSeconds` window and client. */
export interface RateLimitRule {
  points: number;
  durationSeconds: number;
  /**
   * When set, a request refused as invalid (400 VALIDATION_FAILED) gives its point back and spends one
   * of this separate budget instead: correcting a typo costs nothing, a flood of bad bodies is still stopped.
   */
  refusedPoints?: number;
}

/** Actions limited per client (README, Configuration: RATE_LIMIT_*). Logins have their own, finer limits. */
export type RateLimitedAction = 'register' | 'playerCheck' | 'support' | 'paymentCreate' | 'passwordForgot' | 'emailChange' | 'promoCheck';

/** Failed password logins allowed before a block (docs/architecture.md, "Login protection"). */
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

/**
 * YooKassa's receipt enums (yookassa.ru/developers/54fz/parameters-values): payment_subject and
 * payment_mode; vat_code is 1 to 12 and tax_system_code 1 to 6 there.
 */
export const YOOKASSA_PAYMENT_SUBJECTS = [
  'commodity', 'excise', 'job', 'service', 'gambling_bet', 'gambling_prize', 'lottery', 'lottery_prize',
  'intellectual_activity', 'payment', 'agent_commission', 'property_right', 'non_operating_gain',
  'insurance_premium', 'sales_tax', 'resort_fee', 'composite', 'another', 'fine', 'tax', 'lien', 'cost',
  'pension_insurance_without_payouts', 'pension_insurance_with_payouts', 'health_insurance_without_payouts',
  'health_insurance', 'casino', 'agent_withdrawals', 'non_marked_excise', 'marked_excise', 'marked', 'non_marked',
];
export const YOOKASSA_PAYMENT_MODES = ['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment'];
export const YOOKASSA_VAT_CODE_MAX = 12;
export const YOOKASSA_TAX_SYSTEM_CODE_MAX = 6;
const ADDRESS_LIST = 'a comma-separated list of IP addresses and CIDR ranges';
/** The payment gateways PAYMENT_PROVIDER may list (api/src/providers/payment/index.ts builds them). */
const PAYMENT_PROVIDERS = ['sandbox', 'yookassa', 'payme', 'click'];

/** Payme's checkout, live and in its test environment (developer.help.paycom.uz, "Инициализация платежа"). */
const PAYME_CHECKOUT_URL = 'https://checkout.paycom.uz';
const PAYME_TEST_CHECKOUT_URL = 'https://checkout.test.paycom.uz';

/** Click's payment page (docs.click.uz/en/click-button): the shopper pays the service there. */
const CLICK_CHECKOUT_URL = 'https://my.click.uz/services/pay';
const digits = () => Type.String({ pattern: '^\\d*$', description: 'digits only', default: '' });

/** The addresses YooKassa sends notifications from (yookassa.ru/developers/using-api/webhooks). */
const YOOKASSA_NOTIFICATION_RANGES =
  '185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32';

const integer = (minimum: number, fallback?: number, maximum?: number) =>
  Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), ...(fallback === undefined ? {} : { default: fallback }) });
const text = (fallback: string) => Type.String({ default: fallback });
const url = (fallback: string) => Type.String({ format: 'uri', description: 'a URL', default: fallback });
const flag = (fallback: boolean) => Type.Boolean({ default: fallback });
const oneOf = <const T extends string[]>(values: [...T], fallback: T[number]) => Type.Enum(values, { default: fallback });

/**
 * Every environment variable the API, the workers and the scripts read (README, "Configuration"), with
 * its bounds and its default. Defaults that depend on NODE_ENV, PORT or the machine are optional here
 * and filled in by loadConfig.
 */
const ENVIRONMENT = Type.Object({
  NODE_ENV: oneOf(['development', 'production', 'test'], 'development'),
  PORT: integer(1, 3000, 65535),
  DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/topup'),
  DATABASE_DIRECT_URL: Type.Optional(Type.String({ format: 'uri', description: 'a URL' })),
  DATABASE_PREPARED_STATEMENTS: Type.Optional(Type.Boolean()),
  // Measured with `npm run bench checkout` (50 shoppers) on 2 cores: 10 gave the most checkouts per
  // second and the lowest p99; 3-6 queue requests in the API, 16-20 only add backends that compete
  // for the same two cores. A checkout holds its connection for one statement, so 10 is plenty.
  DATABASE_POOL_MAX: integer(1, 10, 1000),
  // One server's URL, or a Redis Cluster's nodes (docs/architecture.md#redis-cluster).
  REDIS_URL: Type.String({
    format: 'redis-url',
    description: 'a URL (redis://host:port, or redis-cluster://host:port,host:port for a Redis Cluster)',
    default: 'redis://127.0.0.1:6379',
  }),
  REDIS_PREFIX: text('topup'),
  CATALOGUE_CACHE_TTL_MS: integer(100, 5000, 3_600_000),
  ORDER_EVENTS_HEARTBEAT_MS: integer(100, 15_000, 300_000),
  ORDER_STREAMS_PER_USER: integer(1, 5, 100),
  ORDER_STREAMS_MAX_PER_PROCESS: Type.Optional(integer(1, undefined, 1_000_000)),
  JWT_SECRET: text(DEV_JWT_SECRET),
  JWT_TTL_SECONDS: integer(60, 24 * 3600),
  JWT_REMEMBER_TTL_SECONDS: integer(60, 30 * 24 * 3600),
  ADMIN_REQUIRE_2FA: Type.Optional(Type.Boolean()),
  CODES_KEY: text(DEV_CODES_KEY),
  ADMIN_NICKNAME: text('admin'),
  ADMIN_PASSWORD: Type.Optional(Type.String()),
  SHOPPER_NICKNAME: text('shopper'),
  SHOPPER_PASSWORD: text('shopper12345'),
  PAYMENT_PROVIDER: Type.String({
    pattern: `^\\s*(${PAYMENT_PROVIDERS.join('|')})\\s*(,\\s*(${PAYMENT_PROVIDERS.join('|')})\\s*)*$`,
    description: `one or more of ${PAYMENT_PROVIDERS.join(', ')}, separated by commas`,
    default: 'sandbox',
  }),
  GAME_PROVIDER: oneOf(['sandbox'], 'sandbox'),
  GAME_PROVIDER_LATENCY_MS: Type.Optional(integer(0, undefined, 60_000)),
  GAME_PROVIDER_FAILURE_RATE: Type.Number({ minimum: 0, maximum: 1, default: 0 }),
  SEAGM_API_URL: url('https://openapi.seagm.com'),
  SEAGM_UID: text(''),
  SEAGM_SECRET: text(''),
  MOOGOLD_API_URL: url('https://moogold.com/wp-json/v1/api'),
  MOOGOLD_PARTNER_ID: text(''),
  MOOGOLD_SECRET: text(''),
  SMARTGLOCAL_API_URL: url('https://proxy.smart-glocal.com'),
  SMARTGLOCAL_PROJECT: text(''),
  SMARTGLOCAL_PRIVATE_KEY: text(''),
  SMARTGLOCAL_PUBLIC_KEY: text(''),
  RATES_PROVIDER: oneOf(['sandbox', 'cbr'], 'sandbox'),
  PAYMENT_WEBHOOK_SECRET: text(DEV_WEBHOOK_SECRET),
  ALLOW_SANDBOX_PAYMENTS: flag(false),
  ALLOW_SANDBOX_SUPPLIERS: flag(false),
  YOOKASSA_SHOP_ID: text(''),
  YOOKASSA_SECRET_KEY: text(''),
  YOOKASSA_API_URL: url('https://api.yookassa.ru/v3'),
  YOOKASSA_SEND_RECEIPT: flag(false),
  YOOKASSA_VAT_CODE: integer(1, 1, YOOKASSA_VAT_CODE_MAX),
  YOOKASSA_PAYMENT_SUBJECT: oneOf(YOOKASSA_PAYMENT_SUBJECTS, 'service'),
  YOOKASSA_PAYMENT_MODE: oneOf(YOOKASSA_PAYMENT_MODES, 'full_payment'),
  YOOKASSA_TAX_SYSTEM_CODE: Type.Optional(integer(1, undefined, YOOKASSA_TAX_SYSTEM_CODE_MAX)),
  YOOKASSA_NOTIFICATION_IPS: Type.String({ description: ADDRESS_LIST, default: YOOKASSA_NOTIFICATION_RANGES }),
  PAYME_MERCHANT_ID: text(''),
  PAYME_KEY: text(''),
  PAYME_CHECKOUT_URL: Type.Optional(Type.String({ format: 'uri', description: 'a URL' })),
  PAYME_TEST: flag(false),
  CLICK_SERVICE_ID: digits(),
  CLICK_MERCHANT_ID: digits(),
  CLICK_SECRET_KEY: text(''),
  CLICK_MERCHANT_USER_ID: digits(),
  CLICK_CHECKOUT_URL: url(CLICK_CHECKOUT_URL),
  CARD_HOLD_MINUTES: integer(1, 15),
  ATTENTION_AFTER_MINUTES: integer(1, 15),
  DELIVERY_SWEEP_SECONDS: integer(1, 60, 300),
  SUPPLIER_BALANCE_SECONDS: integer(30, 300, 86_400),
  PUBLIC_URL: Type.Optional(Type.String({ format: 'uri', description: 'a URL' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s/]+', description: 'an smtp:// or smtps:// URL' })),
  MAIL_FROM: text('Top-up store <no-reply@localhost>'),
  BODY_LIMIT: Type.String({ pattern: '^\\d+(\\.\\d+)?\\s*(b|kb|mb|gb)?$', description: 'a size such as 100kb or 1mb', default: '100kb' }),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, description: 'a token of at least 16 characters' })),
  OUTBOX_RETENTION_DAYS: integer(1, 7, 3650),
  LOG_LEVEL: Type.Optional(Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  WORKER_CONCURRENCY: integer(1, 5),
  API_PROCESSES: Type.Optional(integer(1, undefined, 256)),
  API_NICENESS: integer(0, 10, 19),
  WORKER_PROCESSES: integer(1, 1),
  WORKER_LOCK_MS: integer(1000, 30_000),
  WORKER_STALLED_INTERVAL_MS: integer(1000, 30_000),
  TRUST_PROXY: flag(false),
  TRUST_PROXY_HOPS: Type.Optional(integer(0)),
  RATE_LIMIT_REGISTER: integer(1, 5),
  RATE_LIMIT_REGISTER_WINDOW_SECONDS: integer(1, 600),
  RATE_LIMIT_REGISTER_REFUSED: integer(1, 30),
  RATE_LIMIT_PLAYER_CHECK: integer(1, 30),
  RATE_LIMIT_PLAYER_CHECK_WINDOW_SECONDS: integer(1, 60),
  RATE_LIMIT_SUPPORT: integer(1, 5),
  RATE_LIMIT_SUPPORT_WINDOW_SECONDS: integer(1, 600),
  RATE_LIMIT_PAYMENT_CREATE: integer(1, 10),
  RATE_LIMIT_PAYMENT_CREATE_WINDOW_SECONDS: integer(1, 60),
  RATE_LIMIT_PASSWORD_FORGOT: integer(1, 5),
  RATE_LIMIT_PASSWORD_FORGOT_WINDOW_SECONDS: integer(1, 900),
  RATE_LIMIT_EMAIL_CHANGE: integer(1, 5),
  RATE_LIMIT_EMAIL_CHANGE_WINDOW_SECONDS: integer(1, 3600),
  RATE_LIMIT_PROMO_CHECK: integer(1, 30),
  RATE_LIMIT_PROMO_CHECK_WINDOW_SECONDS: integer(1, 60),
  LOGIN_PAIR_FAILURES: integer(1, 5),
  LOGIN_PAIR_BLOCK_SECONDS: integer(1, 15 * 60),
  LOGIN_PAIR_MAX_BLOCK_SECONDS: integer(1, 24 * 3600),
  LOGIN_ACCOUNT_FAILURES: integer(1, 20),
  LOGIN_ACCOUNT_WINDOW_SECONDS: integer(1, 3600),
  LOGIN_ACCOUNT_BLOCK_SECONDS: integer(1, 15 * 60),
  LOGIN_ADDRESS_FAILURES: integer(1, 100),
  LOGIN_ADDRESS_WINDOW_SECONDS: integer(1, 24 * 3600),
  LOGIN_ADDRESS_BLOCK_SECONDS: integer(1, 24 * 3600),
  PASSWORD_HASH_CONCURRENCY: Type.Optional(integer(1)),
  PASSWORD_HASH_QUEUE: integer(0, 32),
  PASSWORD_HASH_KNOWN_DEVICE_QUEUE: integer(0, 8),
});
type Environment = Static<typeof ENVIRONMENT>;

/**
 * Every variable the schema reads, with its fixed default: undefined where there is none or loadConfig
 * derives it (from NODE_ENV, PORT or the machine). .env.example is checked against this.
 */
export function declaredSettings(): Record<string, unknown> {
  return Object.fromEntries(Object.entries<SchemaObject>(ENVIRONMENT.properties).map(([name, schema]) => [name, schema.default]));
}

// Environment variables are text: numbers and booleans are coerced, then checked against their bounds.
const ajv = new Ajv({ coerceTypes: true, useDefaults: true, strict: true });
addFormats(ajv, ['uri']);
ajv.addFormat('redis-url', (value: string) => parseRedisUrl(value) !== null);
const validateEnvironment = ajv.compile<Environment>(ENVIRONMENT);

/** A number as a setting is written: decimal digits, a sign and a fraction at most. */
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/** What a variable's schema asks for, in words: "an integer between 1 and 65535". */
function expected(schema: SchemaObject): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.type === 'integer' || schema.type === 'number') {
    const kind = schema.type === 'integer' ? 'an integer' : 'a number';
    if (schema.maximum !== undefined) return `${kind} between ${schema.minimum} and ${schema.maximum}`;
    return `${kind} of at least ${schema.minimum}`;
  }
  return String(schema.description ?? 'text');
}

/** The set variables the schema knows; an empty one counts as unset, as in a .env line `NAME=`. */
function knownVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const known: Record<string, string> = {};
  for (const name of Object.keys(ENVIRONMENT.properties)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') known[name] = value;
  }
  return known;
}

/** The environment checked against ENVIRONMENT; the first wrong variable stops the start in one line. */
function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const values = knownVariables(env);
  const schemaOf = (name: string): SchemaObject => (ENVIRONMENT.properties as Record<string, SchemaObject>)[name] ?? {};
  const refuse = (name: string) => new ConfigError(`Invalid configuration: ${name} must be ${expected(schemaOf(name))}, got "${env[name] ?? ''}"`);
  // ajv would read "Infinity", "1e999" or "0x10" as numbers (Infinity even as a whole one): a number is decimal digits.
  for (const [name, value] of Object.entries(values)) {
    const { type } = schemaOf(name);
    if ((type === 'integer' || type === 'number') && !DECIMAL.test(value)) throw refuse(name);
  }
  if (validateEnvironment(values)) return values;
  const [error] = validateEnvironment.errors ?? [];
  throw refuse(error?.instancePath.split('/')[1] ?? '');
}

/** The entries of a list of addresses and ranges; one that is neither stops the start like a wrong number. */
function addressList(name: string, value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  try {
    createAddressList(entries);
  } catch {
    throw new ConfigError(`Invalid configuration: ${name} must be ${ADDRESS_LIST}, got "${value}"`);
  }
  return entries;
}

/**
 * A PEM key given on one line (a .env file or a container's environment) with its line breaks written `\\n`,
 * checked to be a key of its kind; a wrong one stops the start naming the setting, never echoing a secret.
 */
function pemKey(name: string, value: string, kind: 'private' | 'public'): string {
  const pem = value.replace(/\\n/g, '\n');
  if (pem === '') return pem;
  try {
    if (kind === 'private') createPrivateKey(pem);
    else createPublicKey(pem);
  } catch {
    throw new ConfigError(`Invalid configuration: ${name} must be a ${kind} key in PEM, its line breaks written \\n`);
  }
  return pem;
}

/** The process's open-file limit (`ulimit -n`), read where Linux shows it; undefined elsewhere. */
function readOpenFileLimit(): number | undefined {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/** Streams used when the open-file limit cannot be read. */
const STREAMS_WITHOUT_FILE_LIMIT = 1000;

/**
 * Each open stream holds a socket, one file: half the limit goes to streams and the other half stays
 * for ordinary requests, the database pool and Redis (docs/architecture.md, "Live order status").
 */
function streamsForOpenFileLimit(limit: number | undefined): number {
  return limit === undefined ? STREAMS_WITHOUT_FILE_LIMIT : Math.max(1, Math.floor(limit / 2));
}

/** Postgres itself: DATABASE_DIRECT_URL, else DATABASE_URL (docs/scaling.md#pgbouncer). */
export function directDatabaseUrl(config: Pick<Config, 'databaseUrl' | 'databaseDirectUrl'>): string {
  return config.databaseDirectUrl ?? config.databaseUrl;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = readEnvironment(env);
  const nodeEnv = vars.NODE_ENV;
  // One API process per core unless set (docs/architecture.md, "Processes").
  const apiProcesses = vars.API_PROCESSES ?? availableParallelism();
  const config: Config = {
    env: nodeEnv,
    port: vars.PORT,
    databaseUrl: vars.DATABASE_URL,
    databaseDirectUrl: vars.DATABASE_DIRECT_URL,
    // A direct URL of its own says DATABASE_URL is a pooler: PgBouncer before 1.21 (Debian 12 has
    // 1.18) cannot keep a named statement across transactions (docs/scaling.md#pgbouncer).
    databasePreparedStatements: vars.DATABASE_PREPARED_STATEMENTS ?? (vars.DATABASE_DIRECT_URL ?? vars.DATABASE_URL) === vars.DATABASE_URL,
    databasePoolMax: vars.DATABASE_POOL_MAX,
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    catalogueCacheTtlMs: vars.CATALOGUE_CACHE_TTL_MS,
    orderEventsHeartbeatMs: vars.ORDER_EVENTS_HEARTBEAT_MS,
    orderStreams: {
      perUser: vars.ORDER_STREAMS_PER_USER,
      perProcess: vars.ORDER_STREAMS_MAX_PER_PROCESS ?? streamsForOpenFileLimit(readOpenFileLimit()),
    },
    jwtSecret: vars.JWT_SECRET,
    jwtTtlSeconds: vars.JWT_TTL_SECONDS,
    jwtRememberTtlSeconds: vars.JWT_REMEMBER_TTL_SECONDS,
    // On by default where real admins sign in; development and tests opt in.
    adminRequire2fa: vars.ADMIN_REQUIRE_2FA ?? nodeEnv === 'production',
    codesKey: vars.CODES_KEY,
    adminNickname: vars.ADMIN_NICKNAME,
    // Production has no default admin password: a known one would open the back office to anyone.
    adminPassword: vars.ADMIN_PASSWORD ?? (nodeEnv === 'production' ? '' : 'admin12345'),
    shopperNickname: vars.SHOPPER_NICKNAME,
    shopperPassword: vars.SHOPPER_PASSWORD,
    paymentProviders: [...new Set(vars.PAYMENT_PROVIDER.split(',').map((name) => name.trim()))],
    gameProvider: vars.GAME_PROVIDER,
    gameProviderLatencyMs: vars.GAME_PROVIDER_LATENCY_MS ?? (nodeEnv === 'test' ? 0 : 300),
    gameProviderFailureRate: vars.GAME_PROVIDER_FAILURE_RATE,
    seagm: { apiUrl: vars.SEAGM_API_URL, uid: vars.SEAGM_UID, secret: vars.SEAGM_SECRET },
    moogold: { apiUrl: vars.MOOGOLD_API_URL, partnerId: vars.MOOGOLD_PARTNER_ID, secret: vars.MOOGOLD_SECRET },
    smartglocal: {
      apiUrl: vars.SMARTGLOCAL_API_URL,
      project: vars.SMARTGLOCAL_PROJECT,
      privateKey: pemKey('SMARTGLOCAL_PRIVATE_KEY', vars.SMARTGLOCAL_PRIVATE_KEY, 'private'),
      publicKey: pemKey('SMARTGLOCAL_PUBLIC_KEY', vars.SMARTGLOCAL_PUBLIC_KEY, 'public'),
    },
    ratesProvider: vars.RATES_PROVIDER,
    paymentWebhookSecret: vars.PAYMENT_WEBHOOK_SECRET,
    allowSandboxPayments: vars.ALLOW_SANDBOX_PAYMENTS,
    allowSandboxSuppliers: vars.ALLOW_SANDBOX_SUPPLIERS,
    yookassa: {
      shopId: vars.YOOKASSA_SHOP_ID,
      secretKey: vars.YOOKASSA_SECRET_KEY,
      apiUrl: vars.YOOKASSA_API_URL,
      sendReceipt: vars.YOOKASSA_SEND_RECEIPT,
      vatCode: vars.YOOKASSA_VAT_CODE,
      paymentSubject: vars.YOOKASSA_PAYMENT_SUBJECT,
      paymentMode: vars.YOOKASSA_PAYMENT_MODE,
      taxSystemCode: vars.YOOKASSA_TAX_SYSTEM_CODE,
      notificationIps: addressList('YOOKASSA_NOTIFICATION_IPS', vars.YOOKASSA_NOTIFICATION_IPS),
      acceptTestPayments: nodeEnv !== 'production',
    },
    payme: {
      merchantId: vars.PAYME_MERCHANT_ID,
      key: vars.PAYME_KEY,
      checkoutUrl: vars.PAYME_CHECKOUT_URL ?? (vars.PAYME_TEST ? PAYME_TEST_CHECKOUT_URL : PAYME_CHECKOUT_URL),
      test: vars.PAYME_TEST,
    },
    click: {
      serviceId: vars.CLICK_SERVICE_ID,
      merchantId: vars.CLICK_MERCHANT_ID,
      secretKey: vars.CLICK_SECRET_KEY,
      merchantUserId: vars.CLICK_MERCHANT_USER_ID,
      checkoutUrl: vars.CLICK_CHECKOUT_URL,
    },
    cardHoldMinutes: vars.CARD_HOLD_MINUTES,
    attentionAfterMinutes: vars.ATTENTION_AFTER_MINUTES,
    deliverySweepSeconds: vars.DELIVERY_SWEEP_SECONDS,
    supplierBalanceSeconds: vars.SUPPLIER_BALANCE_SECONDS,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    bodyLimit: vars.BODY_LIMIT,
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: vars.METRICS_TOKEN,
    outboxRetentionDays: vars.OUTBOX_RETENTION_DAYS,
    workerConcurrency: vars.WORKER_CONCURRENCY,
    apiNiceness: vars.API_NICENESS,
    apiProcesses,
    workerProcesses: vars.WORKER_PROCESSES,
    workerLockMs: vars.WORKER_LOCK_MS,
    workerStalledIntervalMs: vars.WORKER_STALLED_INTERVAL_MS,
    // TRUST_PROXY=true is the older spelling of one trusted hop; an explicit TRUST_PROXY_HOPS wins.
    trustProxyHops: vars.TRUST_PROXY_HOPS ?? (vars.TRUST_PROXY ? 1 : 0),
    rateLimits: {
      register: {
        points: vars.RATE_LIMIT_REGISTER,
        durationSeconds: vars.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
        refusedPoints: vars.RATE_LIMIT_REGISTER_REFUSED,
      },
      playerCheck: { points: vars.RATE_LIMIT_PLAYER_CHECK, durationSeconds: vars.RATE_LIMIT_PLAYER_CHECK_WINDOW_SECONDS },
      support: { points: vars.RATE_LIMIT_SUPPORT, durationSeconds: vars.RATE_LIMIT_SUPPORT_WINDOW_SECONDS },
      paymentCreate: { points: vars.RATE_LIMIT_PAYMENT_CREATE, durationSeconds: vars.RATE_LIMIT_PAYMENT_CREATE_WINDOW_SECONDS },
      passwordForgot: { points: vars.RATE_LIMIT_PASSWORD_FORGOT, durationSeconds: vars.RATE_LIMIT_PASSWORD_FORGOT_WINDOW_SECONDS },
      emailChange: { points: vars.RATE_LIMIT_EMAIL_CHANGE, durationSeconds: vars.RATE_LIMIT_EMAIL_CHANGE_WINDOW_SECONDS },
      promoCheck: { points: vars.RATE_LIMIT_PROMO_CHECK, durationSeconds: vars.RATE_LIMIT_PROMO_CHECK_WINDOW_SECONDS },
    },
    loginProtection: {
      pair: {
        failures: vars.LOGIN_PAIR_FAILURES,
        blockSeconds: vars.LOGIN_PAIR_BLOCK_SECONDS,
        maxBlockSeconds: vars.LOGIN_PAIR_MAX_BLOCK_SECONDS,
      },
      account: {
        failures: vars.LOGIN_ACCOUNT_FAILURES,
        windowSeconds: vars.LOGIN_ACCOUNT_WINDOW_SECONDS,
        blockSeconds: vars.LOGIN_ACCOUNT_BLOCK_SECONDS,
      },
      address: {
        failures: vars.LOGIN_ADDRESS_FAILURES,
        windowSeconds: vars.LOGIN_ADDRESS_WINDOW_SECONDS,
        blockSeconds: vars.LOGIN_ADDRESS_BLOCK_SECONDS,
      },
    },
    passwordHashing: {
      // Each hash keeps one core busy (one argon2 lane): leave a core to the event loop, or more hashes
      // at once starve every other request (bench/login-flood measured it on 2 cores).
      // The budget is the machine's, shared by its API processes: each runs its share, at least one.
      concurrency: Math.max(1, Math.floor((vars.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, availableParallelism() - 1)) / apiProcesses)),
      queue: vars.PASSWORD_HASH_QUEUE,
      preferredQueue: vars.PASSWORD_HASH_KNOWN_DEVICE_QUEUE,
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
  return config.paymentProviders.flatMap((provider) => gatewayProblems(config, provider));
}

function gatewayProblems(config: Config, provider: string): string[] {
  if (provider === 'payme') {
    const missing = (name: string, value: string) =>
      value ? null : `${name} is not set; PAYMENT_PROVIDER=payme needs the cash desk's id and key from Payme Business`;
    return found([
      missing('PAYME_MERCHANT_ID', config.payme.merchantId),
      missing('PAYME_KEY', config.payme.key),
      // Payme's test environment "pays" with test cards: no money would reach the shop.
      config.payme.test ? "PAYME_TEST is true: Payme's test environment takes no real money; set the live key and PAYME_TEST=false" : null,
    ]);
  }
  if (provider === 'click') {
    const missing = (name: string, value: string) =>
      value ? null : `${name} is not set; PAYMENT_PROVIDER=click needs the service's ids and secret key from Click's merchant cabinet`;
    return found([
      missing('CLICK_SERVICE_ID', config.click.serviceId),
      missing('CLICK_MERCHANT_ID', config.click.merchantId),
      missing('CLICK_SECRET_KEY', config.click.secretKey),
    ]);
  }
  if (provider === 'sandbox') {
    return found([
      config.allowSandboxPayments
        ? null
        : 'PAYMENT_PROVIDER is sandbox, which takes no real money; ' +
          'set PAYMENT_PROVIDER=yookassa, or ALLOW_SANDBOX_PAYMENTS=true for a staging shop',
      // A staging shop's webhooks still credit balances, so their signing secret must not be public.
      secretProblem('PAYMENT_WEBHOOK_SECRET', config.paymentWebhookSecret, DEV_WEBHOOK_SECRET),
    ]);
  }
  if (provider === 'yookassa') {
    const missing = (name: string, value: string) =>
      value ? null : `${name} is not set; PAYMENT_PROVIDER=yookassa needs the shop id and secret key of the YooKassa shop`;
    return found([
      missing('YOOKASSA_SHOP_ID', config.yookassa.shopId),
      missing('YOOKASSA_SECRET_KEY', config.yookassa.secretKey),
      // A test shop's key: YooKassa's published test cards would "pay" for real codes.
      config.yookassa.secretKey.startsWith('test_')
        ? "YOOKASSA_SECRET_KEY is a test shop's key (test_...); set the live shop's secret key"
        : null,
    ]);
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
 * Every setting that makes a production store unsafe (README, Running in production), each as one line naming
 * it, in the order they are reported. Empty outside production, where the development defaults are fine.
 */
export function productionProblems(config: Config): string[] {
  if (config.env !== 'production') return [];
  return found([
    secretProblem('JWT_SECRET', config.jwtSecret, DEV_JWT_SECRET),
    codesKeyProblem(config.codesKey),
    ...paymentProblems(config),
    adminPasswordProblem(config.adminPassword),
    // Without a server, password resets and receipts would only be kept in the database, unread.
    config.mail.smtpUrl ? null : 'SMTP_URL is not set; a production store mails password resets and receipts (smtp://user:password@host:587)',
  ]);
}

/**
 * Sandbox providers a production store may run with, but should not for long: one line each, for the
 * API and the workers to print at start. Which top-ups the sandbox would deliver is the API's check at
 * start (modules/suppliers/sandbox-supply.ts), which these settings cannot tell.
 */
export function productionWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  return found([
    config.allowSandboxSuppliers
      ? 'WARNING: ALLOW_SANDBOX_SUPPLIERS=true in production: top-ups the sandbox delivers are simulated and credit no game account'
      : null,
    config.ratesProvider === 'sandbox'
      ? 'WARNING: RATES_PROVIDER=sandbox in production: exchange rates come from a fixed demo table; set RATES_PROVIDER=cbr'
      : null,
  ]);
}
