import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../testing/admin-api';
import { loadConfig } from '../../config';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { MAX_CHALLENGE_ATTEMPTS } from './two-factor.service';

let app: TestApp;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' }).loginProtection;
  // One more failure per address than a challenge takes, so a challenge's own limit shows before the pair's block.
  app = await startTestApp({
    adminRequire2fa: false,
    loginProtection: { ...defaults, pair: { ...defaults.pair, failures: MAX_CHALLENGE_ATTEMPTS + 1 } },
  });
});

afterAll(async () => {
  await app.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code of the current 30-second step. */
const currentCode = (secret: string) => generate({ secret });
/**
 * The code of the next step: inside the ±1 step window, and newer than a code just used, so one
 * test can sign in right after enrolling without waiting for the clock.
 */
const nextCode = (secret: string) => generate({ secret, epoch: nowSeconds() + 30 });

interface Enrolled {
  user: TestUser;
  secret: string;
  /** The session token confirm answered (the one the user enrolled with has ended). */
  token: string;
  recoveryCodes: string[];
}

async function enrol(target: TestApp, token: string) {
  const response = await target.request('POST', '/api/admin/2fa/enrol', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { secret: string; otpauthUrl: string; qr: string };
}

/** An admin with two-factor on, enrolled through the API with the current code. */
async function enrolledAdmin(target: TestApp = app): Promise<Enrolled> {
  const user = await target.createUser({ role: 'admin' });
  const { secret } = await enrol(target, user.token);
  const confirm = await target.request('POST', '/api/admin/2fa/confirm', { token: user.token, body: { code: await currentCode(secret) } });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { user, secret, token: confirm.body.token, recoveryCodes: confirm.body.recoveryCodes };
}

const passwordStep = (user: TestUser, extra: Record<string, unknown> = {}) =>
  app.request('POST', '/api/login', { body: { nickname: user.nickname, password: user.password, ...extra } });

const codeStep = (challenge: string, code: string) => app.request('POST', '/api/login/2fa', { body: { challenge, code } });

async function challengeFor(user: TestUser): Promise<string> {
  const response = await passwordStep(user);
  expect(response.status).toBe(200);
  return response.body.challenge;
}

const status = async (token: string) => (await app.request('GET', '/api/admin/2fa', { token })).body;
const profileStatus = async (token: string) => (await app.request('GET', '/api/profile', { token })).status;

describe('enrolment', () => {
  it('hands out a secret with its QR code, and turns on with a code from the app: recovery codes, other sessions ended', async () => {
    const admin = await app.createUser({ role: 'admin' });
    const otherSession = (await passwordStep(admin)).body.token as string;
    expect(await status(admin.token)).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const enrolment = await enrol(app, admin.token);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/TopUp%20Arena:/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qr).toMatch(/^data:image\/png;base64,/);
    const stored = await app.db('user_two_factor').where({ user_id: admin.id }).first();
    expect(stored.secret_encrypted).not.toContain(enrolment.secret);
    expect(stored.enabled_at).toBeNull();
    // Pending is not on: the password alone still signs in.
    expect((await passwordStep(admin)).body.token).toEqual(expect.any(String));

    const wrong = await app.request('POST', '/api/admin/2fa/confirm', { token: admin.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');

    const confirm = await app.request('POST', '/api/admin/2fa/confirm', { token: admin.token, body: { code: await currentCode(enrolment.secret) } });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect(confirm.headers.get('cache-control')).toBe('no-store');
    expect(confirm.body).toEqual({ token: expect.any(String), nickname: admin.nickname, userId: admin.id, recoveryCodes: expect.any(Array) });
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    for (const code of confirm.body.recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    const hashes = await app.db('two_factor_recovery_codes').where({ user_id: admin.id }).pluck('code_hash');
    expect(hashes.some((hash: string) => confirm.body.recoveryCodes.some((code: string) => hash.includes(code.replace('-', ''))))).toBe(false);

    expect(await profileStatus(admin.token)).toBe(401);
    expect(await profileStatus(otherSession)).toBe(401);
    expect(await profileStatus(confirm.body.token)).toBe(200);
    expect(await status(confirm.body.token)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    const [audit] = await auditRowsOf(app, 'user', admin.id);
    expect(audit).toMatchObject({ action: 'user.two_factor_enable', actor_id: admin.id, after: { enabled: true, recoveryCodes: 10 } });

    // On is on: a second enrolment would replace the secret, so it is refused.
    const again = await app.request('POST', '/api/admin/2fa/enrol', { token: confirm.body.token });
    expect(again.status).toBe(409);
  });

  it('is for admins only', async () => {
    const shopper = await app.createUser();
    for (const [method, path] of [['GET', '/api/admin/2fa'], ['POST', '/api/admin/2fa/enrol'], ['POST', '/api/admin/2fa/confirm']] as const) {
      const response = await app.request(method, path, { token: shopper.token, body: method === 'POST' ? { code: '123456' } : undefined });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
    expect(await app.db('user_two_factor').where({ user_id: shopper.id }).first()).toBeUndefined();
  });
});

describe('sign-in with two-factor', () => {
  it('asks for a code after the password, and opens the session for the right one, once', async () => {
    const { user, secret } = await enrolledAdmin();
    const password = await passwordStep(user, { remember: true });
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    // The challenge is no session token.
    expect(await profileStatus(password.body.challenge)).toBe(401);

    const session = await codeStep(password.body.challenge, await nextCode(secret));
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body).toEqual({ token: expect.any(String), nickname: user.nickname, userId: user.id });
    expect(await profileStatus(session.body.token)).toBe(200);
    // "Remember me" asked at the password step holds for the session the code opens.
    const claims = JSON.parse(Buffer.from(session.body.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(app.config.jwtRememberTtlSeconds);

    const reused = await codeStep(password.body.challenge, await nextCode(secret));
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('refuses a wrong code, and ends the challenge after too many', async () => {
    const { user, secret } = await enrolledAdmin();
    const challenge = await challengeFor(user);
    for (let attempt = 1; attempt <= MAX_CHALLENGE_ATTEMPTS; attempt += 1) {
      const wrong = await codeStep(challenge, attempt % 2 ? '000000' : 'AAAAA-AAAAA');
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', details: { attemptsLeft: MAX_CHALLENGE_ATTEMPTS - attempt } });
    }
    const right = await codeStep(challenge, await nextCode(secret));
    expect(right.status).toBe(401);
    expect(right.body.error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('counts wrong codes against the account like wrong passwords, so new challenges do not bring new guesses', async () => {
    const { user, secret } = await enrolledAdmin();
    const kept = await challengeFor(user);
    // Someone with the password opens challenge after challenge, guessing codes from one address.
    for (let guess = 0; guess <= MAX_CHALLENGE_ATTEMPTS; guess += 1) {
      expect((await codeStep(await challengeFor(user), '000000')).status).toBe(401);
    }
    const blocked = await passwordStep(user);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Not even the right code gets through while the block lasts.
    expect((await codeStep(kept, await nextCode(secret))).status).toBe(429);
  });

  it('does not take the same TOTP code twice', async () => {
    const { user, secret } = await enrolledAdmin();
    const code = await nextCode(secret);
    expect((await codeStep(await challengeFor(user), code)).status).toBe(200);
    const replay = await codeStep(await challengeFor(user), code);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    // Nor the code that confirmed the enrolment.
    const confirmCode = await currentCode(secret);
    expect((await codeStep(await challengeFor(user), confirmCode)).status).toBe(401);
  });

  it('takes each recovery code once, in any case and spacing, counting down what is left', async () => {
    const { user, token, recoveryCodes } = await enrolledAdmin();
    const [first, second] = recoveryCodes as [string, string];
    const used = await codeStep(await challengeFor(user), ` ${first.toLowerCase()} `);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(await status(used.body.token)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const again = await codeStep(await challengeFor(user), first);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await codeStep(await challengeFor(user), second.replace('-', ''))).status).toBe(200);
    expect(await status(token)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('refuses an expired challenge, and one whose password changed meanwhile', async () => {
    const { user, secret } = await enrolledAdmin();
    const expired = await challengeFor(user);
    await app.db('two_factor_challenges').where({ user_id: user.id }).update({ expires_at: new Date(Date.now() - 1000) });
    expect((await codeStep(expired, await nextCode(secret))).body.error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    const stale = await challengeFor(user);
    await app.db('users').where({ id: user.id }).increment('token_version', 1);
    expect((await codeStep(stale, await nextCode(secret))).body.error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    expect((await codeStep('not-a-challenge', '123456')).body.error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });
});

describe('ADMIN_REQUIRE_2FA=true', () => {
  it('limits an admin who has not enrolled to enrolment until they have', async () => {
    const strict = await startTestApp({ adminRequire2fa: true });
    try {
      const admin = await strict.createUser({ role: 'admin' });
      const shopper = await strict.createUser();
      const signIn = (user: TestUser) => strict.request('POST', '/api/login', { body: { nickname: user.nickname, password: user.password } });
      const login = await signIn(admin);
      expect(login.body).toEqual({ token: expect.any(String), nickname: admin.nickname, userId: admin.id, twoFactorEnrolmentRequired: true });
      const limited = login.body.token as string;

      for (const [method, path] of [
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/dashboard'],
        ['GET', '/api/profile'],
        ['GET', '/api/cart'],
        ['POST', '/api/profile/password'],
      ] as const) {
        const refused = await strict.request(method, path, { token: limited, body: method === 'POST' ? {} : undefined });
        expect({ path, status: refused.status, code: refused.body.error?.code }).toEqual({ path, status: 403, code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
      }
      // Nor the queue dashboard (refused, by its own cross-site check or by the admin guard).
      expect((await strict.request('POST', '/api/admin/queues/session', { token: limited })).status).toBe(403);
      expect((await strict.request('GET', '/api/admin/queues/api/queues', { token: limited })).status).toBe(401);
      // A shopper is not asked for anything.
      expect((await signIn(shopper)).body.twoFactorEnrolmentRequired).toBeUndefined();

      expect((await strict.request('GET', '/api/admin/2fa', { token: limited })).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
      const { secret } = await enrol(strict, limited);
      const confirm = await strict.request('POST', '/api/admin/2fa/confirm', { token: limited, body: { code: await currentCode(secret) } });
      expect(confirm.status).toBe(200);
      expect((await strict.request('GET', '/api/admin/users', { token: confirm.body.token })).status).toBe(200);
      expect((await strict.request('GET', '/api/admin/users', { token: limited })).status).toBe(401);
      expect((await signIn(admin)).body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    } finally {
      await strict.close();
    }
  });

  it('lets a session limited to enrolment log out', async () => {
    const strict = await startTestApp({ adminRequire2fa: true });
    try {
      const admin = await strict.createUser({ role: 'admin' });
      const login = await strict.request('POST', '/api/login', { body: { nickname: admin.nickname, password: admin.password } });
      expect((await strict.request('POST', '/api/logout', { token: login.body.token })).status).toBe(204);
      expect((await strict.request('GET', '/api/admin/2fa', { token: login.body.token })).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('DELETE /api/admin/users/:id/2fa', () => {
  it("removes another admin's two-factor, ends their sessions and is audited", async () => {
    const resetter = await app.createUser({ role: 'admin' });
    const target = await enrolledAdmin();
    expect((await app.request('GET', `/api/admin/users/${target.user.id}/2fa`, { token: resetter.token })).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const reset = await app.request('DELETE', `/api/admin/users/${target.user.id}/2fa`, { token: resetter.token });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    expect(await profileStatus(target.token)).toBe(401);
    expect(await app.db('two_factor_recovery_codes').where({ user_id: target.user.id })).toEqual([]);
    expect(await app.db('user_two_factor').where({ user_id: target.user.id }).first()).toBeUndefined();
    const audits = await auditRowsOf(app, 'user', target.user.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'user.two_factor_reset',
      actor_id: resetter.id,
      before: { enabled: true, recoveryCodesLeft: 10 },
      after: { enabled: false, recoveryCodesLeft: 0 },
    });
    // The password alone signs them in again, to enrol anew.
    expect((await passwordStep(target.user)).body.token).toEqual(expect.any(String));
    expect((await app.request('DELETE', `/api/admin/users/${target.user.id}/2fa`, { token: resetter.token })).status).toBe(409);
  });

  it("refuses one's own reset, an unknown user and a shopper", async () => {
    const admin = await enrolledAdmin();
    const own = await app.request('DELETE', `/api/admin/users/${admin.user.id}/2fa`, { token: admin.token });
    expect(own.status).toBe(409);
    expect(await status(admin.token)).toMatchObject({ enabled: true });
    expect((await app.request('DELETE', '/api/admin/users/2000000000/2fa', { token: admin.token })).status).toBe(404);
    const shopper = await app.createUser();
    expect((await app.request('DELETE', `/api/admin/users/${admin.user.id}/2fa`, { token: shopper.token })).status).toBe(403);
    expect(await status(admin.token)).toMatchObject({ enabled: true });
  });
});
