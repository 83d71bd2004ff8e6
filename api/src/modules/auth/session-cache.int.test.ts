import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondApp, startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { createSessionCache } from './session-cache';
import { createTokenService, type TokenClaims } from './token.service';

/** Two API processes of one store: one database, one Redis prefix, each with its own memory. */
let appA: TestApp;
let appB: TestApp;

beforeAll(async () => {
  appA = await startTestApp();
  appB = await startSecondApp(appA);
});

afterAll(async () => {
  await appB?.close();
  await appA?.close();
});

const status = async (app: TestApp, path: string, token: string) => (await app.request('GET', path, { token })).status;

/**
 * The status another process answers once a change made elsewhere has reached it. The change is
 * published before its own answer is sent; the other process applies it as soon as its event loop
 * reads the message, which on a busy machine can be a few milliseconds after a request arrives.
 */
async function statusOnceHeard(app: TestApp, path: string, token: string, expected: number): Promise<number> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const answered = await status(app, path, token);
    if (answered === expected || Date.now() > deadline) return answered;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function login(app: TestApp, user: TestUser): Promise<string> {
  const response = await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: user.password } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}

/** The SQL statements `app` sends while `work` runs that read or write what a session depends on. */
async function sessionQueriesDuring(app: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = app.watchQueries((sql) => {
    if (/\b(users|revoked_tokens)\b/.test(sql)) seen.push(sql);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

describe('sessions across API processes', () => {
  it('a logout in one process refuses the token in another on its next request; the other sessions go on', async () => {
    const user = await appA.createUser();
    const [ending, other] = [await login(appA, user), await login(appA, user)];
    // Process B has read both sessions and keeps them.
    expect(await status(appB, '/api/balance', ending)).toBe(200);
    expect(await status(appB, '/api/balance', other)).toBe(200);

    expect((await appA.request('POST', '/api/logout', { token: ending })).status).toBe(204);
    expect(await statusOnceHeard(appB, '/api/balance', ending, 401)).toBe(401);
    expect(await status(appB, '/api/balance', other)).toBe(200);
  });

  it('a password change in one process refuses the older tokens in another; the fresh token works there', async () => {
    const user = await appA.createUser();
    const older = await login(appA, user);
    expect(await status(appB, '/api/balance', older)).toBe(200);
    expect(await status(appB, '/api/balance', user.token)).toBe(200);

    const changed = await appA.request('POST', '/api/profile/password', {
      token: older,
      body: { currentPassword: user.password, newPassword: 'another-pass-2' },
    });
    expect(changed.status).toBe(200);
    expect(await statusOnceHeard(appB, '/api/balance', older, 401)).toBe(401);
    expect(await statusOnceHeard(appB, '/api/balance', user.token, 401)).toBe(401);
    expect(await status(appB, '/api/balance', changed.body.token)).toBe(200);
  });

  it("an admin's password change or two-factor reset of a user ends that user's sessions in every process", async () => {
    const admin = await appA.createUser({ role: 'admin' });
    const user = await appA.createUser({ role: 'admin' });
    expect(await status(appB, '/api/admin/users', user.token)).toBe(200);
    const password = await appA.request('PUT', `/api/admin/users/${user.id}/password`, { token: admin.token, body: { password: 'a brand new passphrase' } });
    expect(password.status).toBe(200);
    expect(await statusOnceHeard(appB, '/api/admin/users', user.token, 401)).toBe(401);

    const token = await login(appB, { ...user, password: 'a brand new passphrase' });
    expect(await status(appB, '/api/admin/users', token)).toBe(200);
    await appA.db('user_two_factor').insert({ user_id: user.id, secret_encrypted: 'unused', enabled_at: appA.db.fn.now() });
    expect((await appA.request('DELETE', `/api/admin/users/${user.id}/2fa`, { token: admin.token })).status).toBe(200);
    expect(await statusOnceHeard(appB, '/api/admin/users', token, 401)).toBe(401);
  });

  it('a demoted admin is refused the back office in every process at once', async () => {
    const admin = await appA.createUser({ role: 'admin' });
    expect(await status(appB, '/api/admin/users', admin.token)).toBe(200);
    // No API call changes a role: whoever does it writes the row and announces it, as here.
    await appA.db.transaction(async (trx) => {
      await trx('users').where({ id: admin.id }).update({ role: 'user' });
    });
    await appA.invalidations.publish('user', { userId: admin.id });
    expect(await statusOnceHeard(appB, '/api/admin/users', admin.token, 403)).toBe(403);
    expect(await status(appA, '/api/admin/users', admin.token)).toBe(403);
    expect(await status(appB, '/api/balance', admin.token)).toBe(200);
  });

  it('a signed-in read costs no query for the session once the process has read it', async () => {
    const user = await appA.createUser();
    expect(await sessionQueriesDuring(appB, () => appB.request('GET', '/api/balance', { token: user.token }))).toHaveLength(1);
    const reads = await sessionQueriesDuring(appB, async () => {
      for (let i = 0; i < 5; i += 1) expect(await status(appB, '/api/balance', user.token)).toBe(200);
    });
    expect(reads).toEqual([]);
    // A refused token is remembered as well, so an ended session's retries cost nothing either.
    const ended = await login(appB, user);
    await appB.request('POST', '/api/logout', { token: ended });
    expect(await status(appB, '/api/balance', ended)).toBe(401);
    expect(await sessionQueriesDuring(appB, () => appB.request('GET', '/api/balance', { token: ended }))).toEqual([]);
  });
});

describe('the session cache', () => {
  const tokens = () => createTokenService({ secret: appA.config.jwtSecret, ttlSeconds: 3600 });
  const claimsOf = (user: TestUser): TokenClaims => tokens().verify(user.token)!;
  const cacheOf = (options: { ttlMs?: number; maxAccounts?: number } = {}) =>
    createSessionCache({ db: appA.db, invalidations: appA.invalidations, ...options });
  const lookups = async (work: () => Promise<unknown>) => (await sessionQueriesDuring(appA, work)).length;

  it('trusts what it read for the safety TTL only: a change no one announced shows after it', async () => {
    const cache = cacheOf({ ttlMs: 300 });
    const user = await appA.createUser();
    expect(await cache.userOf(claimsOf(user))).toMatchObject({ id: user.id, role: 'user' });
    await appA.db('users').where({ id: user.id }).increment('token_version', 1);
    const deadline = Date.now() + 10_000;
    while ((await cache.userOf(claimsOf(user))) !== undefined) {
      if (Date.now() > deadline) throw new Error('the unannounced change never showed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('reads again for a token newer than what it kept (a change it missed), and then refuses the older ones', async () => {
    const cache = cacheOf();
    const user = await appA.createUser();
    expect(await cache.userOf(claimsOf(user))).toBeDefined();
    await appA.db('users').where({ id: user.id }).increment('token_version', 1);
    const newer = tokens().sign({ userId: user.id, tokenVersion: 1 });
    expect(await cache.userOf(tokens().verify(newer)!)).toMatchObject({ id: user.id });
    expect(await lookups(() => cache.userOf(claimsOf(user)))).toBe(0);
    expect(await cache.userOf(claimsOf(user))).toBeUndefined();
  });

  it('keeps at most maxAccounts accounts, dropping the longest kept first', async () => {
    const cache = cacheOf({ maxAccounts: 2 });
    const [first, second, third] = [await appA.createUser(), await appA.createUser(), await appA.createUser()];
    expect(await lookups(() => cache.userOf(claimsOf(first)))).toBe(1);
    expect(await lookups(() => cache.userOf(claimsOf(second)))).toBe(1);
    expect(await lookups(() => cache.userOf(claimsOf(first)))).toBe(0);
    expect(await lookups(() => cache.userOf(claimsOf(third)))).toBe(1);
    expect(await lookups(() => cache.userOf(claimsOf(second)))).toBe(0);
    expect(await lookups(() => cache.userOf(claimsOf(first)))).toBe(1);
  });

  it('does not keep a read that an invalidation overtook, and drops everything on a message without a user', async () => {
    const cache = cacheOf();
    const user = await appA.createUser();
    const underway = cache.userOf(claimsOf(user));
    // Applied in this process at once, while the read above still waits for Postgres.
    const published = appA.invalidations.publish('user', { userId: user.id });
    expect(await underway).toMatchObject({ id: user.id });
    await published;
    expect(await lookups(() => cache.userOf(claimsOf(user)))).toBe(1);
    expect(await lookups(() => cache.userOf(claimsOf(user)))).toBe(0);

    await appA.invalidations.publish('user', {});
    expect(await lookups(() => cache.userOf(claimsOf(user)))).toBe(1);
  });

  /** A session token signed with the store's real secret, issued `issuedAgo` seconds ago and expiring in a century. */
  const centuryToken = (user: TestUser, issuedAgo: number) => {
    const issuedAt = Math.floor(Date.now() / 1000) - issuedAgo;
    return new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 100 * 365 * 24 * 3600)
      .sign(new TextEncoder().encode(appA.config.jwtSecret));
  };

  it('refuses a token past the longest configured lifetime whatever its exp, and ends a kept session at that time', async () => {
    const user = await appA.createUser();
    const longest = Math.max(appA.config.jwtTtlSeconds, appA.config.jwtRememberTtlSeconds);
    expect(await status(appA, '/api/balance', await centuryToken(user, longest + 1))).toBe(401);
    expect(await status(appA, '/api/balance', await centuryToken(user, longest - 600))).toBe(200);

    // Kept by the cache, the session still ends once its capped lifetime is over.
    const cache = cacheOf();
    const shortLived = createTokenService({ secret: appA.config.jwtSecret, ttlSeconds: 60, rememberTtlSeconds: 60 });
    const claims = shortLived.verify(await centuryToken(user, 58))!;
    expect(await cache.userOf(claims)).toMatchObject({ id: user.id });
    const deadline = Date.now() + 10_000;
    while ((await cache.userOf(claims)) !== undefined) {
      if (Date.now() > deadline) throw new Error('the session outlived its capped lifetime');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(claims.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('answers nothing for an account that does not exist, and keeps nothing of it', async () => {
    const cache = cacheOf();
    const ghost: TokenClaims = { ...claimsOf(await appA.createUser()), userId: 2_000_000_000 };
    expect(await cache.userOf(ghost)).toBeUndefined();
    expect(await lookups(() => cache.userOf(ghost))).toBe(1);
  });
});
