import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  // Generous limits here; the limits themselves have tests of their own below.
  const defaults = loadConfig({ NODE_ENV: 'test' }).rateLimits;
  app = await startTestApp({ rateLimits: { ...defaults, register: { points: 1000, durationSeconds: 60 } } });
});

afterAll(async () => {
  await app.close();
});

const register = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  app.request('POST', '/api/register', { body, headers });

function expectErrorBody(body: any, code: string) {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe('POST /api/register', () => {
  it('creates the account with empty balances and returns a working session', async () => {
    const response = await register({ nickname: '  Gamer_01 ', password: 'secret123', confirmPassword: 'secret123' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ token: expect.any(String), nickname: 'Gamer_01', userId: expect.any(Number) });

    const profile = await app.request('GET', '/api/profile', { token: response.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: response.body.userId,
      nickname: 'Gamer_01',
      role: 'user',
      balanceUsd: 0,
      balanceRub: 0,
    });
    const stored = await app.db('users').where({ id: response.body.userId }).first();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ nickname: ' ab ', password: 'secret123', confirmPassword: 'secret123' }, 'nickname', 'nickname_too_short'],
    [{ nickname: 'player', password: 'short1', confirmPassword: 'short1' }, 'password', 'password_too_short'],
    [{ nickname: 'player', password: 'nodigitshere', confirmPassword: 'nodigitshere' }, 'password', 'password_no_number'],
    [{ nickname: 'player', password: 'secret123', confirmPassword: 'secret124' }, 'confirmPassword', 'passwords_dont_match'],
    [{ nickname: 'bad nick!', password: 'secret123', confirmPassword: 'secret123' }, 'nickname', 'nickname_invalid'],
    [{ nickname: 'two words', password: 'secret123', confirmPassword: 'secret123' }, 'nickname', 'nickname_invalid'],
    [{ nickname: 'gamer🎮', password: 'secret123', confirmPassword: 'secret123' }, 'nickname', 'nickname_invalid'],
  ])('rejects %j with %s: %s', async (body, field, message) => {
    const before = await app.db('users').count({ n: '*' }).first();
    const response = await register(body);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'VALIDATION_FAILED');
    expect(response.body.error.details).toContainEqual({ field, message });
    expect(await app.db('users').count({ n: '*' }).first()).toEqual(before);
  });

  it('answers 409 when the nickname is taken, ignoring case', async () => {
    await app.createUser({ nickname: 'TakenName' });
    const response = await register({ nickname: 'takenname', password: 'secret123', confirmPassword: 'secret123' });
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 'NICKNAME_TAKEN');
  });

  it('rejects a body that tries to set a role, and creates nobody', async () => {
    const response = await register({
      nickname: 'wannabe_admin',
      password: 'secret123',
      confirmPassword: 'secret123',
      role: 'admin',
    });
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'VALIDATION_FAILED');
    expect(response.body.error.details).toContainEqual({ field: 'role', message: 'is not an allowed field' });
    expect(await app.db('users').whereRaw('lower(nickname) = ?', ['wannabe_admin']).first()).toBeUndefined();
  });

  it('rejects wrong types and missing fields', async () => {
    const response = await register({ nickname: 12345, password: 'secret123' });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'nickname', message: 'must be string' },
        { field: 'confirmPassword', message: 'is required' },
      ]),
    );
  });
});

describe('the registration limit', () => {
  /** A store allowing 3 registrations and 4 refused bodies per address and window. */
  async function limitedApp() {
    return startTestApp({ rateLimits: { ...app.config.rateLimits, register: { points: 3, durationSeconds: 600, refusedPoints: 4 } } });
  }
  const valid = (nickname: string) => ({ nickname, password: 'secret123', confirmPassword: 'secret123' });

  it('does not count a refused body: after 3 refusals, 3 registrations still go through, then 429', async () => {
    const limited = await limitedApp();
    try {
      for (let i = 0; i < 3; i += 1) {
        const refused = await limited.request('POST', '/api/register', { body: valid(`with space ${i}`) });
        expect(refused.status).toBe(400);
        expect(refused.body.error.details).toEqual([{ field: 'nickname', message: 'nickname_invalid' }]);
      }
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.request('POST', '/api/register', { body: valid(`limited_${i}`) })).status).toBe(201);
      }
      const blocked = await limited.request('POST', '/api/register', { body: valid('limited_3') });
      expect(blocked.status).toBe(429);
      expectErrorBody(blocked.body, 'RATE_LIMITED');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.db('users').where('nickname', 'like', 'limited_%').count({ n: '*' }).first()).toEqual({ n: 3 });
    } finally {
      await limited.close();
    }
  });

  it('still stops a flood of refused bodies, which then blocks valid ones too', async () => {
    const limited = await limitedApp();
    try {
      for (let i = 0; i < 4; i += 1) expect((await limited.request('POST', '/api/register', { body: {} })).status).toBe(400);
      const flooded = await limited.request('POST', '/api/register', { body: {} });
      expect(flooded.status).toBe(429);
      expectErrorBody(flooded.body, 'RATE_LIMITED');
      expect((await limited.request('POST', '/api/register', { body: valid('after_flood') })).status).toBe(429);
      expect(await limited.db('users').where({ nickname: 'after_flood' }).first()).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/login', () => {
  it('returns a session for the right password, whatever the nickname case', async () => {
    const user = await app.createUser({ nickname: 'LoginUser', password: 'rightpass1' });
    const response = await app.request('POST', '/api/login', { body: { nickname: 'loginuser', password: 'rightpass1' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), nickname: 'LoginUser', userId: user.id });
  });

  it('gives the same 401 for a wrong password and an unknown nickname', async () => {
    await app.createUser({ nickname: 'probeme', password: 'rightpass1' });
    const wrongPassword = await app.request('POST', '/api/login', { body: { nickname: 'probeme', password: 'wrongpass1' } });
    const unknownUser = await app.request('POST', '/api/login', { body: { nickname: 'nobody_here', password: 'wrongpass1' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expectErrorBody(wrongPassword.body, 'INVALID_CREDENTIALS');
  });

  it('blocks repeated failures with 429 and Retry-After (login-protection.int.test.ts has the details)', async () => {
    const { loginProtection } = app.config;
    const limited = await startTestApp({ loginProtection: { ...loginProtection, pair: { ...loginProtection.pair, failures: 3 } } });
    try {
      const attempt = () =>
        limited.request('POST', '/api/login', { body: { nickname: 'someone', password: 'guess1234' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expectErrorBody(blocked.body, 'RATE_LIMITED');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/profile and tokens', () => {
  it('requires a token', async () => {
    const response = await app.request('GET', '/api/profile');
    expect(response.status).toBe(401);
    expectErrorBody(response.body, 'UNAUTHORIZED');
  });

  it('rejects a tampered token', async () => {
    const user = await app.createUser();
    const [header, , signature] = user.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', ver: 0 })).toString('base64url');
    for (const token of [`${header}.${forgedPayload}.${signature}`, `${user.token}x`, 'not-a-token']) {
      const response = await app.request('GET', '/api/profile', { token });
      expect(response.status).toBe(401);
      expectErrorBody(response.body, 'UNAUTHORIZED');
    }
  });

  it('rejects an unsigned alg:none token', async () => {
    const user = await app.createUser();
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: String(user.id), ver: 0 })}.`;
    const response = await app.request('GET', '/api/profile', { token });
    expect(response.status).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    const user = await app.createUser();
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length'));
    expect((await app.request('GET', '/api/profile', { token })).status).toBe(401);
  });

  it('revokes old tokens when the token version changes (password change)', async () => {
    const user = await app.createUser();
    expect((await app.request('GET', '/api/profile', { token: user.token })).status).toBe(200);
    await app.db('users').where({ id: user.id }).increment('token_version', 1);
    // As every writer of token_version does: the API processes drop what they kept of the account.
    await app.invalidations.publish('user', { userId: user.id });
    expect((await app.request('GET', '/api/profile', { token: user.token })).status).toBe(401);
  });

  it('reads the role from the database, not from the token', async () => {
    const admin = await app.createUser({ role: 'admin' });
    expect((await app.request('GET', '/api/profile', { token: admin.token })).body.role).toBe('admin');
    await app.db('users').where({ id: admin.id }).update({ role: 'user' });
    expect((await app.request('GET', '/api/profile', { token: admin.token })).body.role).toBe('user');
  });
});
