import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const profileStatus = async (token: string) => (await app.request('GET', '/api/profile', { token })).status;

/** A session of its own through the login call, as a browser gets one. */
async function login(user: TestUser, extra: Record<string, unknown> = {}) {
  const response = await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: user.password, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}

const changePassword = (token: string, body: Record<string, unknown>) => app.request('POST', '/api/profile/password', { token, body });

/** Signs a session token with the store's own secret, with whatever claims the test wants. */
function signed(claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT) {
  return build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })).sign(new TextEncoder().encode(app.config.jwtSecret));
}

describe('POST /api/logout', () => {
  it('ends the session it is sent with: that token is refused afterwards, the other sessions go on', async () => {
    const user = await app.createUser();
    const [first, second] = [await login(user), await login(user)];

    const logout = await app.request('POST', '/api/logout', { token: first });
    expect(logout.status).toBe(204);

    const refused = await app.request('GET', '/api/profile', { token: first });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHORIZED');
    expect(await profileStatus(second)).toBe(200);
    // Kept until the token's own expiry, and no longer.
    const record = await app.db('revoked_tokens').where({ jti: decodeJwt(first).jti }).first();
    expect(record).toMatchObject({ user_id: user.id });
    expect(record.expires_at.getTime()).toBe(decodeJwt(first).exp! * 1000);
    // A second logout of the same token is just refused like any ended session.
    expect((await app.request('POST', '/api/logout', { token: first })).status).toBe(401);
  });

  it('prunes records of tokens that have expired anyway', async () => {
    const user = await app.createUser();
    const stale = randomUUID();
    await app.db('revoked_tokens').insert({ jti: stale, user_id: user.id, expires_at: new Date(Date.now() - 1000) });
    expect((await app.request('POST', '/api/logout', { token: user.token })).status).toBe(204);
    expect(await app.db('revoked_tokens').where({ jti: stale }).first()).toBeUndefined();
    expect(await app.db('revoked_tokens').where({ jti: decodeJwt(user.token).jti }).first()).toBeDefined();
  });

  it('needs a session, and refuses a body', async () => {
    expect((await app.request('POST', '/api/logout')).status).toBe(401);
    const user = await app.createUser();
    const withBody = await app.request('POST', '/api/logout', { token: user.token, body: { everywhere: true } });
    expect(withBody.status).toBe(400);
    expect(await profileStatus(user.token)).toBe(200);
  });
});

describe('POST /api/profile/password', () => {
  it('sets the new password, ends every other session and answers a fresh token that works', async () => {
    const user = await app.createUser({ password: 'original123' });
    const [current, other] = [await login(user), await login(user)];

    const response = await changePassword(current, { currentPassword: 'original123', newPassword: 'changed456' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), nickname: user.nickname, userId: user.id });
    expect(response.headers.get('cache-control')).toBe('no-store');

    expect(await profileStatus(current)).toBe(401);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(user.token)).toBe(401);
    expect(await profileStatus(response.body.token)).toBe(200);
    const relogin = (password: string) => app.request('POST', '/api/login', { body: { nickname: user.nickname, password } });
    expect((await relogin('changed456')).status).toBe(200);
    expect((await relogin('original123')).status).toBe(401);
  });

  it('keeps a remembered session remembered', async () => {
    const user = await app.createUser({ password: 'original123' });
    const token = await login(user, { remember: true });
    const response = await changePassword(token, { currentPassword: 'original123', newPassword: 'changed456' });
    const { exp, iat } = decodeJwt(response.body.token);
    expect(exp! - iat!).toBe(app.config.jwtRememberTtlSeconds);
  });

  it('answers 401 INVALID_CREDENTIALS to a wrong current password, keeps the session, and counts it as a failed login', async () => {
    const failures = 3;
    const guarded = await startTestApp({
      loginProtection: { ...app.config.loginProtection, pair: { ...app.config.loginProtection.pair, failures } },
    });
    try {
      const user = await guarded.createUser({ password: 'original123' });
      const wrong = () =>
        guarded.request('POST', '/api/profile/password', {
          token: user.token,
          body: { currentPassword: 'guess12345', newPassword: 'changed456' },
        });
      const first = await wrong();
      expect(first.status).toBe(401);
      expect(first.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', details: [{ field: 'currentPassword', message: 'current_password_wrong' }] });
      expect((await guarded.request('GET', '/api/profile', { token: user.token })).status).toBe(200);

      for (let attempt = 1; attempt < failures; attempt += 1) expect((await wrong()).status).toBe(401);
      // The account is now blocked from this address, at the login as well as here.
      const login = await guarded.request('POST', '/api/login', { body: { nickname: user.nickname, password: 'original123' } });
      expect(login.status).toBe(429);
      expect((await wrong()).status).toBe(429);
      const stored = await guarded.db('users').where({ id: user.id }).first('token_version');
      expect(stored.token_version).toBe(0);
    } finally {
      await guarded.close();
    }
  });

  it.each([
    ['short1', 'password_too_short'],
    ['nodigitshere', 'password_no_number'],
  ])('refuses the weak new password %s with 400 %s, changing nothing', async (newPassword, message) => {
    const user = await app.createUser({ password: 'original123' });
    const response = await changePassword(user.token, { currentPassword: 'original123', newPassword });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'newPassword', message }] });
    expect(await profileStatus(user.token)).toBe(200);
    expect((await app.db('users').where({ id: user.id }).first('token_version')).token_version).toBe(0);
  });

  it('needs a session and refuses unknown fields', async () => {
    expect((await app.request('POST', '/api/profile/password', { body: { currentPassword: 'a', newPassword: 'b' } })).status).toBe(401);
    const user = await app.createUser();
    const extra = await changePassword(user.token, { currentPassword: user.password, newPassword: 'changed456', userId: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details).toContainEqual({ field: 'userId', message: 'is not an allowed field' });
  });
});

describe('token lifetimes', () => {
  it('refuses a token without an expiry, and an expired one', async () => {
    const user = await app.createUser();
    const claims = { ver: 0 };
    const withoutExp = await signed(claims, (jwt) => jwt.setSubject(String(user.id)).setJti(randomUUID()).setIssuedAt());
    const expired = await signed(claims, (jwt) =>
      jwt.setSubject(String(user.id)).setJti(randomUUID()).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 60),
    );
    const valid = await signed(claims, (jwt) => jwt.setSubject(String(user.id)).setJti(randomUUID()).setIssuedAt().setExpirationTime('1h'));
    expect(await profileStatus(withoutExp)).toBe(401);
    expect(await profileStatus(expired)).toBe(401);
    expect(await profileStatus(valid)).toBe(200);
  });

  it('signs for JWT_TTL_SECONDS (24 h by default), and 30 days with "remember me"', async () => {
    const user = await app.createUser();
    const lifetime = (token: string) => {
      const { exp, iat } = decodeJwt(token);
      return exp! - iat!;
    };
    expect(app.config.jwtTtlSeconds).toBe(24 * 3600);
    expect(lifetime(await login(user))).toBe(24 * 3600);
    expect(lifetime(await login(user, { remember: false }))).toBe(24 * 3600);
    const remembered = await login(user, { remember: true });
    expect(lifetime(remembered)).toBe(30 * 24 * 3600);
    expect(await profileStatus(remembered)).toBe(200);
    expect((await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: user.password, remember: 'yes' } })).status).toBe(400);
  });
});
