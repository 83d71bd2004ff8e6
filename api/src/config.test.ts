import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionProblems, productionWarnings } from './config';

/** A production environment the store accepts: every secret its own, sandbox payments allowed for staging. */
const SAFE_PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(32),
  CODES_KEY: randomBytes(32).toString('hex'),
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
  ADMIN_PASSWORD: 'a'.repeat(12),
};

const YOOKASSA: NodeJS.ProcessEnv = {
  PAYMENT_PROVIDER: 'yookassa',
  ALLOW_SANDBOX_PAYMENTS: undefined,
  PAYMENT_WEBHOOK_SECRET: undefined,
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_secret',
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
    ['ADMIN_PASSWORD is missing', { ADMIN_PASSWORD: undefined }, 'ADMIN_PASSWORD is not set'],
    ['ADMIN_PASSWORD is under 12 characters', { ADMIN_PASSWORD: 'a'.repeat(11) }, 'ADMIN_PASSWORD is shorter than 12 characters'],
  ])('refuses when %s, naming the setting in one line', (_case, unsafe: NodeJS.ProcessEnv, named) => {
    const line = refusal({ ...SAFE_PRODUCTION, ...unsafe });
    expect(line.startsWith(`Refusing to start in production: ${named}`)).toBe(true);
    expect(line).not.toContain('\n');
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
    ]);
    expect(refusal(env)).toBe(`Refusing to start in production: ${problems[0]}`);
  });

  it('warns once each about the sandbox game and rates providers', () => {
    expect(productionWarnings(loadConfig(SAFE_PRODUCTION))).toEqual([
      expect.stringMatching(/^WARNING: GAME_PROVIDER=sandbox in production: /),
      expect.stringMatching(/^WARNING: RATES_PROVIDER=sandbox in production: /),
    ]);
    expect(productionWarnings(loadConfig({ ...SAFE_PRODUCTION, RATES_PROVIDER: 'cbr' }))).toHaveLength(1);
  });
});

describe('development and test configuration', () => {
  it.each(['development', 'test'])('keeps the development defaults in %s', (nodeEnv) => {
    const config = loadConfig({ NODE_ENV: nodeEnv });
    expect(config.adminPassword).toBe('admin12345');
    expect(config.paymentProvider).toBe('sandbox');
    expect(productionProblems(config)).toEqual([]);
    expect(productionWarnings(config)).toEqual([]);
  });
});
