import { availableParallelism } from 'node:os';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, directDatabaseUrl, loadConfig, productionProblems, productionWarnings } from './config';

/** A production environment the store accepts: every secret its own, sandbox payments allowed for staging. */
const SAFE_PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(32),
  CODES_KEY: randomBytes(32).toString('hex'),
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
  ADMIN_PASSWORD: 'a'.repeat(12),
  SMTP_URL: 'smtp://store:secret@mail.example.com:587',
};

const YOOKASSA: NodeJS.ProcessEnv = {
  PAYMENT_PROVIDER: 'yookassa',
  ALLOW_SANDBOX_PAYMENTS: undefined,
  PAYMENT_WEBHOOK_SECRET: undefined,
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_secret',
};

const CLICK: NodeJS.ProcessEnv = {
  PAYMENT_PROVIDER: 'click',
  ALLOW_SANDBOX_PAYMENTS: undefined,
  PAYMENT_WEBHOOK_SECRET: undefined,
  CLICK_SERVICE_ID: '12345',
  CLICK_MERCHANT_ID: '67890',
  CLICK_SECRET_KEY: 'live-secret',
};

const DEV_CODES_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The one line loadConfig refuses `env` with. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error('loadConfig accepted an unsafe production configuration');
}

describe('production configuration', () => {
  it('accepts 32-character secrets, a 32-byte key, allowed sandbox payments and a 12-character admin password', () => {
    const config = loadConfig(SAFE_PRODUCTION);
    expect(config.env).toBe('production');
    expect(productionProblems(config)).toEqual([]);
  });

  it('accepts YooKassa with a shop id and secret key, and a base64 CODES_KEY', () => {
    const config = loadConfig({ ...SAFE_PRODUCTION, ...YOOKASSA, CODES_KEY: randomBytes(32).toString('base64') });
    expect(productionProblems(config)).toEqual([]);
  });

  it("accepts Click beside YooKassa with the service's ids and secret key, and reads them as set", () => {
    const config = loadConfig({ ...SAFE_PRODUCTION, ...YOOKASSA, ...CLICK, PAYMENT_PROVIDER: 'yookassa,click', CLICK_MERCHANT_USER_ID: '83104' });
    expect(productionProblems(config)).toEqual([]);
    expect(config.paymentProviders).toEqual(['yookassa', 'click']);
    expect(config.click).toEqual({ serviceId: '12345', merchantId: '67890', secretKey: 'live-secret', merchantUserId: '83104', checkoutUrl: 'https://my.click.uz/services/pay' });
  });

  it.each([
    ['JWT_SECRET is the development default', { JWT_SECRET: undefined }, 'JWT_SECRET is the development default'],
    ['JWT_SECRET is under 32 characters', { JWT_SECRET: 'j'.repeat(31) }, 'JWT_SECRET is shorter than 32 characters'],
    ['CODES_KEY is the development default (unset)', { CODES_KEY: undefined }, 'CODES_KEY is the development default'],
    ['CODES_KEY is the development default (set)', { CODES_KEY: DEV_CODES_KEY }, 'CODES_KEY is the development default'],
    ['CODES_KEY is 31 bytes of hex', { CODES_KEY: randomBytes(31).toString('hex') }, 'CODES_KEY must be 32 bytes'],
    ['CODES_KEY is 16 bytes of base64', { CODES_KEY: randomBytes(16).toString('base64') }, 'CODES_KEY must be 32 bytes'],
    ['PAYMENT_PROVIDER is sandbox without ALLOW_SANDBOX_PAYMENTS', { ALLOW_SANDBOX_PAYMENTS: undefined }, 'PAYMENT_PROVIDER is sandbox'],
    [
      'PAYMENT_WEBHOOK_SECRET is the development default with sandbox payments',
      { PAYMENT_WEBHOOK_SECRET: undefined },
      'PAYMENT_WEBHOOK_SECRET is the development default',
    ],
    [
      'PAYMENT_WEBHOOK_SECRET is under 32 characters with sandbox payments',
      { PAYMENT_WEBHOOK_SECRET: 'w'.repeat(31) },
      'PAYMENT_WEBHOOK_SECRET is shorter than 32 characters',
    ],
    ['YOOKASSA_SHOP_ID is missing', { ...YOOKASSA, YOOKASSA_SHOP_ID: undefined }, 'YOOKASSA_SHOP_ID is not set'],
    ['YOOKASSA_SECRET_KEY is missing', { ...YOOKASSA, YOOKASSA_SECRET_KEY: '' }, 'YOOKASSA_SECRET_KEY is not set'],
    ["YOOKASSA_SECRET_KEY is a test shop's key", { ...YOOKASSA, YOOKASSA_SECRET_KEY: 'test_abc' }, "YOOKASSA_SECRET_KEY is a test shop's key"],
    ['CLICK_SERVICE_ID is missing', { ...CLICK, CLICK_SERVICE_ID: undefined }, 'CLICK_SERVICE_ID is not set'],
    ['CLICK_MERCHANT_ID is missing', { ...CLICK, CLICK_MERCHANT_ID: '' }, 'CLICK_MERCHANT_ID is not set'],
    ['CLICK_SECRET_KEY is missing', { ...CLICK, CLICK_SECRET_KEY: undefined }, 'CLICK_SECRET_KEY is not set'],
    ['ADMIN_PASSWORD is missing', { ADMIN_PASSWORD: undefined }, 'ADMIN_PASSWORD is not set'],
    ['ADMIN_PASSWORD is under 12 characters', { ADMIN_PASSWORD: 'a'.repeat(11) }, 'ADMIN_PASSWORD is shorter than 12 characters'],
    ['SMTP_URL is missing: no password reset or receipt would leave the store', { SMTP_URL: undefined }, 'SMTP_URL is not set'],
  ])('refuses when %s, naming the setting in one line', (_case, unsafe: NodeJS.ProcessEnv, named) => {
    const line = refusal({ ...SAFE_PRODUCTION, ...unsafe });
    expect(line.startsWith(`Refusing to start in production: ${named}`)).toBe(true);
    expect(line).not.toContain('\n');
  });

  it('never lets a payment made in a YooKassa test shop complete an order in production', () => {
    expect(loadConfig({ ...SAFE_PRODUCTION, ...YOOKASSA }).yookassa.acceptTestPayments).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).yookassa.acceptTestPayments).toBe(true);
  });

  it('lists every problem, in order, while refusing with the first', () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
    const problems = productionProblems({ ...loadConfig({ NODE_ENV: 'test' }), env: 'production', adminPassword: '' });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'JWT_SECRET',
      'CODES_KEY',
      'PAYMENT_PROVIDER',
      'PAYMENT_WEBHOOK_SECRET',
      'ADMIN_PASSWORD',
      'SMTP_URL',
    ]);
    expect(refusal(env)).toBe(`Refusing to start in production: ${problems[0]}`);
  });

  it('warns once each about sandbox top-ups a staging shop allows and the sandbox rates', () => {
    expect(productionWarnings(loadConfig({ ...SAFE_PRODUCTION, ALLOW_SANDBOX_SUPPLIERS: 'true' }))).toEqual([
      expect.stringMatching(/^WARNING: ALLOW_SANDBOX_SUPPLIERS=true in production: /),
      expect.stringMatching(/^WARNING: RATES_PROVIDER=sandbox in production: /),
    ]);
    expect(productionWarnings(loadConfig({ ...SAFE_PRODUCTION, RATES_PROVIDER: 'cbr' }))).toEqual([]);
  });
});

describe('development and test configuration', () => {
  it.each(['development', 'test'])('keeps the development defaults in %s', (nodeEnv) => {
    const config = loadConfig({ NODE_ENV: nodeEnv });
    expect(config.adminPassword).toBe('admin12345');
    expect(config.paymentProviders).toEqual(['sandbox']);
    expect(productionProblems(config)).toEqual([]);
    expect(productionWarnings(config)).toEqual([]);
  });
});

describe('sessions and two-factor authentication', () => {
  it('requires admins to use two-factor in production only, unless ADMIN_REQUIRE_2FA says otherwise', () => {
    expect(loadConfig(SAFE_PRODUCTION).adminRequire2fa).toBe(true);
    expect(loadConfig({ ...SAFE_PRODUCTION, ADMIN_REQUIRE_2FA: 'false' }).adminRequire2fa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).adminRequire2fa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_REQUIRE_2FA: 'true' }).adminRequire2fa).toBe(true);
  });

  it('signs sessions for a day, and for 30 days with "remember me"', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect([config.jwtTtlSeconds, config.jwtRememberTtlSeconds]).toEqual([24 * 3600, 30 * 24 * 3600]);
    const custom = loadConfig({ NODE_ENV: 'development', JWT_TTL_SECONDS: '3600', JWT_REMEMBER_TTL_SECONDS: '604800' });
    expect([custom.jwtTtlSeconds, custom.jwtRememberTtlSeconds]).toEqual([3600, 604800]);
  });
});

describe('client address, login protection and password hashing', () => {
  it('trusts no proxy by default, TRUST_PROXY=true as one hop, and an explicit TRUST_PROXY_HOPS over both', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxyHops).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' }).trustProxyHops).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
  });

  it('has the documented login limits, each settable', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).loginProtection).toEqual({
      pair: { failures: 5, blockSeconds: 900, maxBlockSeconds: 86400 },
      account: { failures: 20, windowSeconds: 3600, blockSeconds: 900 },
      address: { failures: 100, windowSeconds: 86400, blockSeconds: 86400 },
    });
    const custom = loadConfig({ NODE_ENV: 'test', LOGIN_PAIR_FAILURES: '3', LOGIN_ADDRESS_BLOCK_SECONDS: '60' });
    expect([custom.loginProtection.pair.failures, custom.loginProtection.address.blockSeconds]).toEqual([3, 60]);
  });

  it('bounds password hashing, at least one at a time', () => {
    const { passwordHashing } = loadConfig({ NODE_ENV: 'test' });
    expect(passwordHashing.concurrency).toBeGreaterThanOrEqual(1);
    expect(passwordHashing.queue).toBe(32);
    expect(passwordHashing.preferredQueue).toBe(8);
    const custom = { NODE_ENV: 'test', API_PROCESSES: '1', PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '0', PASSWORD_HASH_KNOWN_DEVICE_QUEUE: '3' };
    expect(loadConfig(custom).passwordHashing).toEqual({ concurrency: 2, queue: 0, preferredQueue: 3 });
  });

  it('runs one API process per core unless told, and divides the hashing budget among them, at least one each', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).apiProcesses).toBe(availableParallelism());
    const hashing = (apiProcesses: string, budget?: string) =>
      loadConfig({ NODE_ENV: 'test', API_PROCESSES: apiProcesses, PASSWORD_HASH_CONCURRENCY: budget }).passwordHashing.concurrency;
    expect(hashing('2', '5')).toBe(2);
    expect(hashing('4', '2')).toBe(1);
    expect(hashing('1', '3')).toBe(3);
    expect(hashing('1')).toBe(Math.max(1, availableParallelism() - 1));
    expect(hashing('64')).toBe(1);
  });

  it.each([
    ['TRUST_PROXY_HOPS', '-1'],
    ['TRUST_PROXY_HOPS', 'yes'],
    ['LOGIN_PAIR_FAILURES', '0'],
    ['PASSWORD_HASH_CONCURRENCY', '1.5'],
    ['API_PROCESSES', '0'],
    ['API_PROCESSES', '257'],
    ['API_NICENESS', '-1'],
    ['API_NICENESS', '20'],
    ['PASSWORD_HASH_KNOWN_DEVICE_QUEUE', '-1'],
    ['ORDER_STREAMS_PER_USER', '0'],
    ['ORDER_STREAMS_PER_USER', '101'],
    ['ORDER_STREAMS_MAX_PER_PROCESS', '0'],
    ['ORDER_STREAMS_MAX_PER_PROCESS', '1.5'],
    ['JWT_TTL_SECONDS', 'Infinity'],
    ['WORKER_CONCURRENCY', '1e999'],
    ['DATABASE_POOL_MAX', 'Infinity'],
  ])('refuses %s=%s in one line naming it', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(name);
  });
});

describe('Postgres behind a pooler', () => {
  const pooler = 'postgres://postgres@127.0.0.1:6432/topup';
  const postgres = 'postgres://postgres@127.0.0.1:5432/topup';

  it('reaches Postgres itself at DATABASE_URL unless DATABASE_DIRECT_URL is set, and names hot queries unless that differs', () => {
    const plain = loadConfig({ NODE_ENV: 'test', DATABASE_URL: postgres });
    expect(directDatabaseUrl(plain)).toBe(postgres);
    expect(plain.databasePreparedStatements).toBe(true);
    const pooled = loadConfig({ NODE_ENV: 'test', DATABASE_URL: pooler, DATABASE_DIRECT_URL: postgres });
    expect([pooled.databaseUrl, directDatabaseUrl(pooled), pooled.databasePreparedStatements]).toEqual([pooler, postgres, false]);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: postgres, DATABASE_DIRECT_URL: postgres }).databasePreparedStatements).toBe(true);
  });

  it('lets DATABASE_PREPARED_STATEMENTS say so either way', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: pooler, DATABASE_DIRECT_URL: postgres, DATABASE_PREPARED_STATEMENTS: 'true' }).databasePreparedStatements).toBe(true);
  });
});

describe('order event streams', () => {
  it('keeps 5 per shopper, and per process half the open-file limit unless set', () => {
    const { orderStreams } = loadConfig({ NODE_ENV: 'test' });
    expect(orderStreams.perUser).toBe(5);
    const fileLimit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]);
    expect(orderStreams.perProcess).toBe(Math.floor(fileLimit / 2));
    expect(loadConfig({ NODE_ENV: 'test', ORDER_STREAMS_PER_USER: '2', ORDER_STREAMS_MAX_PER_PROCESS: '300' }).orderStreams).toEqual({
      perUser: 2,
      perProcess: 300,
    });
  });
});

describe('the environment schema', () => {
  it('has the documented defaults for everything unset', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/topup',
      databasePoolMax: 10,
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'topup',
      adminRequire2fa: false,
      paymentProviders: ['sandbox'],
      gameProvider: 'sandbox',
      gameProviderLatencyMs: 300,
      gameProviderFailureRate: 0,
      ratesProvider: 'sandbox',
      allowSandboxPayments: false,
      yookassa: {
        shopId: '',
        secretKey: '',
        apiUrl: 'https://api.yookassa.ru/v3',
        sendReceipt: false,
        vatCode: 1,
        paymentSubject: 'service',
        paymentMode: 'full_payment',
        taxSystemCode: undefined,
        notificationIps: ['185.71.76.0/27', '185.71.77.0/27', '77.75.153.0/25', '77.75.156.11', '77.75.156.35', '77.75.154.128/25', '2a02:5180::/32'],
        acceptTestPayments: true,
      },
      click: { serviceId: '', merchantId: '', secretKey: '', merchantUserId: '', checkoutUrl: 'https://my.click.uz/services/pay' },
      cardHoldMinutes: 15,
      attentionAfterMinutes: 15,
      publicUrl: 'http://localhost:3000',
      bodyLimit: '100kb',
      logLevel: 'info',
      workerConcurrency: 5,
      apiNiceness: 10,
      workerProcesses: 1,
      workerLockMs: 30_000,
      workerStalledIntervalMs: 30_000,
      trustProxyHops: 0,
      rateLimits: {
        register: { points: 5, durationSeconds: 600 },
        playerCheck: { points: 30, durationSeconds: 60 },
        support: { points: 5, durationSeconds: 600 },
        paymentCreate: { points: 10, durationSeconds: 60 },
      },
    });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ gameProviderLatencyMs: 0, logLevel: 'silent' });
  });

  it('reads numbers, booleans and choices from their text, and an empty variable as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATABASE_POOL_MAX: '4',
      GAME_PROVIDER_FAILURE_RATE: '0.25',
      YOOKASSA_SEND_RECEIPT: 'true',
      YOOKASSA_TAX_SYSTEM_CODE: '2',
      YOOKASSA_VAT_CODE: '12',
      YOOKASSA_PAYMENT_SUBJECT: 'commodity',
      YOOKASSA_NOTIFICATION_IPS: '127.0.0.1, ::1/128',
      RATES_PROVIDER: 'cbr',
      RATE_LIMIT_REGISTER: '50',
      RATE_LIMIT_REGISTER_WINDOW_SECONDS: '60',
      CARD_HOLD_MINUTES: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databasePoolMax: 4,
      gameProviderFailureRate: 0.25,
      yookassa: { sendReceipt: true, taxSystemCode: 2, vatCode: 12, paymentSubject: 'commodity', notificationIps: ['127.0.0.1', '::1/128'] },
      ratesProvider: 'cbr',
      cardHoldMinutes: 15,
    });
    expect(config.rateLimits.register).toEqual({ points: 50, durationSeconds: 60, refusedPoints: 30 });
  });

  it.each([
    ['PORT', 'abc', 'an integer between 1 and 65535'],
    ['PORT', '70000', 'an integer between 1 and 65535'],
    ['DATABASE_POOL_MAX', '0', 'an integer between 1 and 1000'],
    ['NODE_ENV', 'staging', 'one of development, production, test'],
    ['PAYMENT_PROVIDER', 'stripe', 'one or more of sandbox, yookassa, payme, click, separated by commas'],
    ['PAYMENT_PROVIDER', 'yookassa,,payme', 'one or more of sandbox, yookassa, payme, click, separated by commas'],
    ['CLICK_SERVICE_ID', '12a45', 'digits only'],
    ['GAME_PROVIDER_FAILURE_RATE', '1.5', 'a number between 0 and 1'],
    ['ALLOW_SANDBOX_PAYMENTS', 'yes', 'true or false'],
    ['REDIS_URL', 'localhost', 'a URL'],
    ['REDIS_URL', 'redis-cluster://127.0.0.1:7000,127.0.0.1', 'a URL (redis://host:port, or redis-cluster://host:port,host:port'],
    ['BODY_LIMIT', 'big', 'a size such as 100kb or 1mb'],
    ['RATE_LIMIT_SUPPORT', '-5', 'an integer of at least 1'],
    ['LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['YOOKASSA_VAT_CODE', '13', 'an integer between 1 and 12'],
    ['YOOKASSA_TAX_SYSTEM_CODE', '7', 'an integer between 1 and 6'],
    ['YOOKASSA_TAX_SYSTEM_CODE', '0', 'an integer between 1 and 6'],
    ['YOOKASSA_PAYMENT_SUBJECT', 'goods', 'one of commodity, excise, job, service, '],
    ['YOOKASSA_PAYMENT_MODE', 'prepaid', 'one of full_prepayment, partial_prepayment, advance, full_payment, partial_payment, credit, credit_payment'],
    ['YOOKASSA_NOTIFICATION_IPS', '185.71.76.0/27,yookassa.ru', 'a comma-separated list of IP addresses and CIDR ranges'],
    ['YOOKASSA_NOTIFICATION_IPS', '185.71.76.0/33', 'a comma-separated list of IP addresses and CIDR ranges'],
  ])('refuses %s=%s in one line naming the variable and what it must be', (name, value, what) => {
    const line = refusal({ NODE_ENV: 'test', [name]: value });
    expect(line.startsWith(`Invalid configuration: ${name} must be ${what}`)).toBe(true);
    expect(line.endsWith(`, got "${value}"`)).toBe(true);
  });

  it('checks the values before the production rules, so a wrong number is named even in production', () => {
    expect(refusal({ ...SAFE_PRODUCTION, WORKER_CONCURRENCY: 'many' })).toBe(
      'Invalid configuration: WORKER_CONCURRENCY must be an integer of at least 1, got "many"',
    );
  });
});

describe('Smart Glocal keys', () => {
  it('reads a PEM key given on one line with its line breaks written \\n, and refuses what is not a key without echoing it', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const oneLine = (pem: string) => pem.replace(/\n/g, '\\n');
    const config = loadConfig({ NODE_ENV: 'test', SMARTGLOCAL_PROJECT: 'shop', SMARTGLOCAL_PRIVATE_KEY: oneLine(privateKey), SMARTGLOCAL_PUBLIC_KEY: oneLine(publicKey) });
    expect(config.smartglocal).toEqual({ apiUrl: 'https://proxy.smart-glocal.com', project: 'shop', privateKey, publicKey });

    const secret = 'not-a-key-but-a-secret';
    const line = refusal({ NODE_ENV: 'test', SMARTGLOCAL_PRIVATE_KEY: secret });
    expect(line).toBe('Invalid configuration: SMARTGLOCAL_PRIVATE_KEY must be a private key in PEM, its line breaks written \\n');
    expect(refusal({ NODE_ENV: 'test', SMARTGLOCAL_PUBLIC_KEY: oneLine(privateKey).slice(0, 40) })).toMatch(/^Invalid configuration: SMARTGLOCAL_PUBLIC_KEY must be a public key in PEM/);
  });
});
