import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@topup/common';
import type { LoginProtectionLimits } from '../../config';
import { AppError } from '../../lib/app-error';
import { createLogger } from '../../logger';
import { createLoginProtection } from './login-protection.service';
import { deviceCookieOf, startTestApp, type ApiResponse, type TestApp } from '../../testing/harness';

/**
 * Behind one trusted proxy, so each request's client address is the X-Forwarded-For entry it sends.
 * Every test uses accounts and addresses of its own: counters live as long as the app's Redis prefix.
 */
let app: TestApp;
/** Tens of argon2 checks one after another: seconds each on a busy machine. */
const MANY_LOGINS_MS = 180_000;

beforeAll(async () => {
  app = await startTestApp({ trustProxyHops: 1 });
});

afterAll(async () => {
  await app.close();
});

const login = (target: TestApp, nickname: string, password: string, address: string, cookie?: string) =>
  target.request('POST', '/api/login', {
    body: { nickname, password },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });

function expectBlocked(response: ApiResponse, atMostSeconds: number): number {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    error: { code: 'RATE_LIMITED', message: expect.any(String), details: { retryAfterSeconds: expect.any(Number) } },
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
  expect(response.body.error.details.retryAfterSeconds).toBe(retryAfter);
  return retryAfter;
}

describe('failures of one account from many addresses', () => {
  it('block its password logins after the 20th, from any address, while other accounts log in', async () => {
    const { account } = app.config.loginProtection;
    const victim = await app.createUser({ password: 'rightpass1' });
    const bystander = await app.createUser({ password: 'rightpass1' });
    const statuses: number[] = [];
    let firstBlock: ApiResponse | undefined;
    for (let i = 1; i <= 30; i += 1) {
      const response = await login(app, victim.nickname, `wrong-guess-${i}`, `198.51.100.${i}`);
      statuses.push(response.status);
      if (response.status === 429) firstBlock ??= response;
    }
    expect(statuses).toEqual([...Array<number>(account.failures).fill(401), ...Array<number>(30 - account.failures).fill(429)]);
    expectBlocked(firstBlock!, account.blockSeconds);

    // The right password from an address never seen is refused too: the account is what is blocked.
    expectBlocked(await login(app, victim.nickname, 'rightpass1', '192.0.2.200'), account.blockSeconds);
    // Under another spelling of the nickname as well.
    expectBlocked(await login(app, ` ${victim.nickname.toUpperCase()} `, 'rightpass1', '192.0.2.201'), account.blockSeconds);
    // Another account logs in, even from an address the attack came from.
    expect((await login(app, bystander.nickname, 'rightpass1', '198.51.100.7')).status).toBe(200);
  }, MANY_LOGINS_MS);
});

describe('failures of one account from one address', () => {
  it('block that pair only: a shopper on the same address, and the account elsewhere, still log in', async () => {
    const { pair } = app.config.loginProtection;
    const shared = '203.0.113.50';
    const victim = await app.createUser({ password: 'rightpass1' });
    const shopper = await app.createUser({ password: 'shopperpass1' });

    for (let i = 0; i < pair.failures; i += 1) {
      expect((await login(app, victim.nickname, `guess-${i}`, shared)).status).toBe(401);
    }
    expectBlocked(await login(app, victim.nickname, 'rightpass1', shared), pair.blockSeconds);

    expect((await login(app, shopper.nickname, 'shopperpass1', shared)).status).toBe(200);
    expect((await login(app, victim.nickname, 'rightpass1', '203.0.113.51')).status).toBe(200);
    // That success elsewhere does not lift the block of the pair under attack.
    expectBlocked(await login(app, victim.nickname, 'rightpass1', shared), pair.blockSeconds);
  }, MANY_LOGINS_MS);

  it('treat an unknown nickname exactly like a known one, so nothing tells which exists', async () => {
    const { pair } = app.config.loginProtection;
    const known = await app.createUser({ password: 'rightpass1' });
    const answersFor = async (nickname: string, address: string) => {
      const answers: Array<{ status: number; code: string }> = [];
      for (let i = 0; i <= pair.failures; i += 1) {
        const response = await login(app, nickname, `guess-${i}`, address);
        answers.push({ status: response.status, code: response.body.error.code });
      }
      return answers;
    };
    const forKnown = await answersFor(known.nickname, '203.0.113.60');
    const forUnknown = await answersFor(`${known.nickname}_nobody`, '203.0.113.61');
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.at(-1)).toEqual({ status: 429, code: 'RATE_LIMITED' });
  }, MANY_LOGINS_MS);
});

describe('successes', () => {
  it('reset the pair: the count of consecutive failures starts again', async () => {
    const { pair } = app.config.loginProtection;
    const user = await app.createUser({ password: 'rightpass1' });
    const address = '203.0.113.70';
    for (let i = 0; i < pair.failures - 1; i += 1) expect((await login(app, user.nickname, 'wrong1', address)).status).toBe(401);
    expect((await login(app, user.nickname, 'rightpass1', address)).status).toBe(200);
    for (let i = 0; i < pair.failures - 1; i += 1) expect((await login(app, user.nickname, 'wrong1', address)).status).toBe(401);
    expect((await login(app, user.nickname, 'rightpass1', address)).status).toBe(200);
    // Only consecutive failures block.
    for (let i = 0; i < pair.failures; i += 1) expect((await login(app, user.nickname, 'wrong1', address)).status).toBe(401);
    expect((await login(app, user.nickname, 'rightpass1', address)).status).toBe(429);
  }, MANY_LOGINS_MS);

  it('never count, however many', async () => {
    const { pair, account } = app.config.loginProtection;
    const user = await app.createUser({ password: 'rightpass1' });
    for (let i = 0; i <= Math.max(pair.failures, account.failures); i += 1) {
      expect((await login(app, user.nickname, 'rightpass1', '203.0.113.80')).status).toBe(200);
    }
  }, MANY_LOGINS_MS);
});

describe('with limits of its own', () => {
  const limits: LoginProtectionLimits = {
    pair: { failures: 3, blockSeconds: 100, maxBlockSeconds: 300 },
    account: { failures: 50, windowSeconds: 3600, blockSeconds: 900 },
    address: { failures: 20, windowSeconds: 3600, blockSeconds: 3600 },
  };
  let strict: TestApp;

  beforeAll(async () => {
    strict = await startTestApp({ trustProxyHops: 1, loginProtection: limits });
  });

  afterAll(async () => {
    await strict.close();
  });

  /** What the block's natural end does: the pair's failure count is gone, its count of blocks stays. */
  const endPairBlock = (nickname: string, address: string) =>
    strict.redis.del(`${strict.config.redisPrefix}:rl:login-pair:${address}|${nickname.toLowerCase()}`);

  it('each further block of a pair lasts twice as long as the last, up to the cap', async () => {
    const user = await strict.createUser({ password: 'rightpass1' });
    const address = '192.0.2.10';
    const blockAfterFailures = async () => {
      for (let i = 0; i < limits.pair.failures; i += 1) expect((await login(strict, user.nickname, 'wrong1', address)).status).toBe(401);
      return expectBlocked(await login(strict, user.nickname, 'rightpass1', address), limits.pair.maxBlockSeconds);
    };
    // Retry-After counts down from the block's length, so each is above the block before it.
    expect(await blockAfterFailures()).toBeLessThanOrEqual(100);
    await endPairBlock(user.nickname, address);
    expect(await blockAfterFailures()).toBeGreaterThan(100);
    await endPairBlock(user.nickname, address);
    expect(await blockAfterFailures()).toBeGreaterThan(200);
    // 400 s capped: at most 300 (checked by expectBlocked).
    await endPairBlock(user.nickname, address);
    expect(await blockAfterFailures()).toBeGreaterThan(200);
  }, MANY_LOGINS_MS);

  it('a success forgets the blocks of the pair too', async () => {
    const user = await strict.createUser({ password: 'rightpass1' });
    const address = '192.0.2.20';
    const fail = async () => {
      for (let i = 0; i < limits.pair.failures; i += 1) await login(strict, user.nickname, 'wrong1', address);
    };
    await fail();
    await endPairBlock(user.nickname, address);
    expect((await login(strict, user.nickname, 'rightpass1', address)).status).toBe(200);
    await fail();
    expect(expectBlocked(await login(strict, user.nickname, 'rightpass1', address), 300)).toBeLessThanOrEqual(100);
  }, MANY_LOGINS_MS);

  it('failures for many nicknames, unknown ones included, block the address', async () => {
    const address = '192.0.2.30';
    const user = await strict.createUser({ password: 'rightpass1' });
    for (let i = 0; i < limits.address.failures; i += 1) {
      expect((await login(strict, `nobody_${i}`, 'wrong1', address)).status).toBe(401);
    }
    expectBlocked(await login(strict, user.nickname, 'rightpass1', address), limits.address.blockSeconds);
    expect((await login(strict, user.nickname, 'rightpass1', '192.0.2.31')).status).toBe(200);
  }, MANY_LOGINS_MS);
});

describe('a parallel burst of wrong passwords', () => {
  const limits: LoginProtectionLimits = {
    // Blocks outlast a burst of argon2 checks on a busy machine, so the check after it is still refused.
    pair: { failures: 5, blockSeconds: 900, maxBlockSeconds: 1800 },
    account: { failures: 8, windowSeconds: 3600, blockSeconds: 900 },
    address: { failures: 12, windowSeconds: 3600, blockSeconds: 3600 },
  };
  const BURST = 30;
  let burstApp: TestApp;

  beforeAll(async () => {
    // A queue long enough for the whole burst, so every answer is the limiters' and none the gate's.
    burstApp = await startTestApp({ trustProxyHops: 1, loginProtection: limits, passwordHashing: { concurrency: 2, queue: 32, preferredQueue: 0 } });
  });

  afterAll(async () => {
    await burstApp.close();
  });

  /** How many attempts had their password checked (401) and how many were refused before it (429). */
  async function burst(attempt: (i: number) => Promise<ApiResponse>) {
    const statuses = (await Promise.all(Array.from({ length: BURST }, (_, i) => attempt(i)))).map((r) => r.status);
    return { checked: statuses.filter((s) => s === 401).length, refused: statuses.filter((s) => s === 429).length };
  }

  it('for one nickname from one address checks only as many as the pair allows', async () => {
    const user = await burstApp.createUser({ password: 'rightpass1' });
    expect(await burst(() => login(burstApp, user.nickname, 'wrong1', '192.0.2.40'))).toEqual({
      checked: limits.pair.failures,
      refused: BURST - limits.pair.failures,
    });
    expectBlocked(await login(burstApp, user.nickname, 'rightpass1', '192.0.2.40'), limits.pair.maxBlockSeconds);
  }, MANY_LOGINS_MS);

  it('for one nickname from many addresses checks only as many as the account allows', async () => {
    const user = await burstApp.createUser({ password: 'rightpass1' });
    expect(await burst((i) => login(burstApp, user.nickname, 'wrong1', `198.18.0.${i + 1}`))).toEqual({
      checked: limits.account.failures,
      refused: BURST - limits.account.failures,
    });
  }, MANY_LOGINS_MS);

  it('for many nicknames from one address checks only as many as the address allows', async () => {
    expect(await burst((i) => login(burstApp, `burst_nobody_${i}`, 'wrong1', '192.0.2.41'))).toEqual({
      checked: limits.address.failures,
      refused: BURST - limits.address.failures,
    });
  }, MANY_LOGINS_MS);
});

describe('a block set while refused attempts are still giving their points back', () => {
  it('holds: the pair stays blocked whatever order Redis saw them in', async () => {
    const limits: LoginProtectionLimits = {
      pair: { failures: 3, blockSeconds: 900, maxBlockSeconds: 1800 },
      account: { failures: 10_000, windowSeconds: 3600, blockSeconds: 900 },
      address: { failures: 10_000, windowSeconds: 3600, blockSeconds: 3600 },
    };
    const protection = createLoginProtection({
      redis: app.redis,
      db: app.db,
      prefix: `${app.config.redisPrefix}:block-race`,
      limits,
      logger: createLogger('silent', 'test'),
    });
    const wrongPassword = async (): Promise<never> => {
      throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Invalid username or password');
    };
    const settled = { completes: () => true };
    for (let round = 0; round < 10; round += 1) {
      const who = { nickname: `block_race_${round}`, ip: '192.0.2.90', requestId: `race-${round}` };
      for (let i = 1; i < limits.pair.failures; i += 1) {
        await expect(protection.guard(who, wrongPassword, settled)).rejects.toMatchObject({ status: 401 });
      }
      // The failure that reaches the limit, and refused attempts arriving before, during and after its block.
      const refused = Array.from({ length: 60 }, async (_, i) => {
        for (let tick = 0; tick < i % 6; tick += 1) await new Promise((resolve) => setImmediate(resolve));
        return protection.guard(who, wrongPassword, settled);
      });
      await Promise.allSettled([protection.guard(who, wrongPassword, settled), ...refused]);
      await expect(protection.guard(who, async () => 'signed in', settled)).rejects.toMatchObject({ status: 429 });
    }
  });
});

describe('a known device (a device cookie from an earlier successful login)', () => {
  const limits: LoginProtectionLimits = {
    pair: { failures: 3, blockSeconds: 100, maxBlockSeconds: 300 },
    account: { failures: 4, windowSeconds: 3600, blockSeconds: 900 },
    address: { failures: 50, windowSeconds: 3600, blockSeconds: 3600 },
  };
  let devices: TestApp;

  beforeAll(async () => {
    devices = await startTestApp({ trustProxyHops: 1, loginProtection: limits });
  });

  afterAll(async () => {
    await devices.close();
  });

  async function lockOut(nickname: string) {
    for (let i = 0; i < limits.account.failures; i += 1) {
      expect((await login(devices, nickname, `wrong-${i}`, `198.18.1.${i + 1}`)).status).toBe(401);
    }
  }

  it('is issued signed, HttpOnly and SameSite=Strict, and never by a failed login', async () => {
    const user = await devices.createUser({ password: 'rightpass1' });
    expect((await login(devices, user.nickname, 'wrong1', '192.0.2.90')).headers.get('set-cookie')).toBeNull();
    const setCookie = (await login(devices, user.nickname, 'rightpass1', '192.0.2.90')).headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^device=[^;]+;.*; expires=/i);
    expect(setCookie).toMatch(/; httponly/i);
    expect(setCookie).toMatch(/; samesite=strict/i);
  }, MANY_LOGINS_MS);

  it("still logs its owner in while the nickname is locked out, and the admins are told", async () => {
    const owner = await devices.createUser({ password: 'rightpass1' });
    const cookie = deviceCookieOf(await login(devices, owner.nickname, 'rightpass1', '192.0.2.91'));
    await lockOut(owner.nickname);

    // Anyone else, right password or not, waits; the owner's browser gets in, from any address.
    expectBlocked(await login(devices, owner.nickname, 'rightpass1', '192.0.2.92'), limits.account.blockSeconds);
    expect((await login(devices, owner.nickname, 'rightpass1', '192.0.2.93', cookie)).status).toBe(200);
    // ... and its sign-in does not lift the lockout for the others.
    expectBlocked(await login(devices, owner.nickname, 'rightpass1', '192.0.2.92'), limits.account.blockSeconds);

    const admin = await devices.createUser({ role: 'admin' });
    const dashboard = await devices.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(dashboard.body.loginLockouts).toContainEqual({ nickname: owner.nickname.toLowerCase(), until: expect.any(String) });
    const until = dashboard.body.loginLockouts.find((l: { nickname: string }) => l.nickname === owner.nickname.toLowerCase()).until;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan((limits.account.blockSeconds - 60) * 1000);
    const logged = await devices.db('audit_log').where({ action: 'login.locked', entity_id: owner.nickname.toLowerCase() });
    expect(logged).toHaveLength(1);
  }, MANY_LOGINS_MS);

  it('counts against a budget of its own: a stolen cookie guesses no faster than a pair', async () => {
    const owner = await devices.createUser({ password: 'rightpass1' });
    const cookie = deviceCookieOf(await login(devices, owner.nickname, 'rightpass1', '192.0.2.94'));
    for (let i = 0; i < limits.pair.failures; i += 1) {
      expect((await login(devices, owner.nickname, `wrong-${i}`, `198.18.2.${i + 1}`, cookie)).status).toBe(401);
    }
    expectBlocked(await login(devices, owner.nickname, 'rightpass1', '198.18.2.50', cookie), limits.pair.maxBlockSeconds);
  }, MANY_LOGINS_MS);

  it("for another nickname, or tampered with, is no known device", async () => {
    const owner = await devices.createUser({ password: 'rightpass1' });
    const other = await devices.createUser({ password: 'rightpass1' });
    const cookie = deviceCookieOf(await login(devices, other.nickname, 'rightpass1', '192.0.2.95'));
    await lockOut(owner.nickname);
    expectBlocked(await login(devices, owner.nickname, 'rightpass1', '192.0.2.96', cookie), limits.account.blockSeconds);
    const forged = cookie.replace(/\.[^.]+\.([^.]+)$/, `.${Buffer.from(owner.nickname.toLowerCase()).toString('base64url')}.$1`);
    expectBlocked(await login(devices, owner.nickname, 'rightpass1', '192.0.2.96', forged), limits.account.blockSeconds);
  }, MANY_LOGINS_MS);
});
