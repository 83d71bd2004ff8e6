import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createPurposeTokens } from '../../lib/purpose-tokens';
import { createTokenService } from './token.service';

const SECRET = 'a-test-secret-of-a-sensible-length-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600, rememberTtlSeconds: 7200 });
const now = () => Math.floor(Date.now() / 1000);

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token with any header and claims, signed with HMAC-SHA256 under `secret` whatever its header says. */
function handSigned(header: unknown, claims: unknown, secret: string | Uint8Array = SECRET): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const goodClaims = (extra: Record<string, unknown> = {}) => ({ ver: 0, sub: '42', jti: randomUUID(), iat: now(), exp: now() + 600, ...extra });
const HEADER = { alg: 'HS256', typ: 'JWT' };

/** A session token exactly as the store signed them with jose. */
function signedByJose(claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT = (jwt) => jwt) {
  return build(new SignJWT(claims).setProtectedHeader(HEADER)).sign(key);
}

describe('session tokens', () => {
  it('accept the tokens jose signed before, flags and all', async () => {
    const jti = randomUUID();
    const token = await signedByJose({ ver: 3, rem: true }, (jwt) => jwt.setSubject('42').setJti(jti).setIssuedAt().setExpirationTime('3600s'));
    const claims = tokens.verify(token);
    expect(claims).toEqual({
      userId: 42,
      tokenVersion: 3,
      jti,
      expiresAt: new Date(decodeJwt(token).exp! * 1000),
      remember: true,
      enrolment: false,
    });
    const enrolment = await signedByJose({ ver: 0, enrol: true }, (jwt) => jwt.setSubject('7').setJti(randomUUID()).setIssuedAt().setExpirationTime('1h'));
    expect(tokens.verify(enrolment)).toMatchObject({ userId: 7, enrolment: true, remember: false });
  });

  it('are accepted by jose as they were before, with the same header and claims', async () => {
    const token = tokens.sign({ userId: 42, tokenVersion: 5, remember: true });
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'sub'] });
    expect(protectedHeader).toEqual(HEADER);
    expect(payload).toEqual({ ver: 5, rem: true, sub: '42', jti: expect.any(String), iat: expect.any(Number), exp: payload.iat! + 7200 });
    expect(Object.keys(decodeJwt(tokens.sign({ userId: 1, tokenVersion: 0 })))).toEqual(['ver', 'sub', 'jti', 'iat', 'exp']);
    expect(decodeJwt(tokens.sign({ userId: 1, tokenVersion: 0 })).exp! - now()).toBeGreaterThanOrEqual(3599);
  });

  it('are refused when signed with another secret, or tampered with', async () => {
    const other = createTokenService({ secret: 'another-secret-of-a-sensible-length-0123', ttlSeconds: 3600 });
    expect(tokens.verify(other.sign({ userId: 42, tokenVersion: 0 }))).toBeUndefined();

    const [header, payload, signature] = tokens.sign({ userId: 42, tokenVersion: 0 }).split('.') as [string, string, string];
    const claims = decodeJwt(`${header}.${payload}.${signature}`);
    expect(tokens.verify(`${header}.${base64url({ ...claims, sub: '1' })}.${signature}`)).toBeUndefined();
    expect(tokens.verify(`${base64url({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`)).toBeUndefined();
    // The same signature bytes under another encoding (an unused low bit of the last character set) are refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]!;
    const recoded = `${header}.${payload}.${signature.slice(0, -1)}${sibling}`;
    expect(Buffer.from(recoded.split('.')[2]!, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(tokens.verify(recoded)).toBeUndefined();
    expect(tokens.verify(`${header}.${payload}.${signature}=`)).toBeUndefined();
    expect(tokens.verify(`${header}.${payload}.`)).toBeUndefined();
  });

  it('are refused unless the header says HS256 and JWT with no critical extension, even when the signature holds', () => {
    expect(tokens.verify(handSigned(HEADER, goodClaims()))).toBeDefined();
    expect(tokens.verify(handSigned({ alg: 'HS256', typ: 'application/jwt' }, goodClaims()))).toBeDefined();
    for (const header of [
      { alg: 'none', typ: 'JWT' },
      { alg: 'HS512', typ: 'JWT' },
      { alg: 'RS256', typ: 'JWT' },
      { alg: 'hs256', typ: 'JWT' },
      { typ: 'JWT' },
      { alg: 'HS256' },
      { alg: 'HS256', typ: 'at+jwt' },
      { alg: 'HS256', typ: 'JWT', crit: ['b64'], b64: false },
      [],
      'HS256',
    ]) {
      expect(tokens.verify(handSigned(header, goodClaims())), JSON.stringify(header)).toBeUndefined();
    }
    // `alg: none` with no signature at all.
    expect(tokens.verify(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(goodClaims())}.`)).toBeUndefined();
  });

  it('end at the longer configured lifetime after they were issued, however far their exp (signed with the real secret)', () => {
    const century = 100 * 365 * 24 * 3600;
    const issuedAt = now();
    const far = tokens.verify(handSigned(HEADER, goodClaims({ iat: issuedAt, exp: issuedAt + century })));
    // The remember-me lifetime (7200 s) is the longer one: no session lives past it.
    expect(far?.expiresAt).toEqual(new Date((issuedAt + 7200) * 1000));
    expect(tokens.verify(handSigned(HEADER, goodClaims({ iat: now() - 7200, exp: now() + century })))).toBeUndefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ iat: now() - 7000, exp: now() + century, rem: true })))).toBeDefined();
    // A token within the lifetime keeps its own exp.
    expect(tokens.verify(handSigned(HEADER, goodClaims({ iat: issuedAt, exp: issuedAt + 600 })))?.expiresAt).toEqual(new Date((issuedAt + 600) * 1000));
  });

  it('are refused when expired, not yet valid, or issued in the future', () => {
    expect(tokens.verify(handSigned(HEADER, goodClaims({ exp: now() - 1 })))).toBeUndefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ exp: now() })))).toBeUndefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ nbf: now() + 60 })))).toBeUndefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ nbf: now() - 60 })))).toBeDefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ iat: now() + 3600 })))).toBeUndefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ exp: String(now() + 600) })))).toBeUndefined();
    expect(tokens.verify(handSigned(HEADER, goodClaims({ iat: 'yesterday' })))).toBeUndefined();
  });

  it('are refused without exp, iat, jti or sub, or with claims of the wrong shape', () => {
    for (const missing of ['exp', 'iat', 'jti', 'sub', 'ver']) {
      const claims: Record<string, unknown> = goodClaims();
      delete claims[missing];
      expect(tokens.verify(handSigned(HEADER, claims)), missing).toBeUndefined();
    }
    for (const wrong of [
      { jti: 'not-a-uuid' },
      { jti: randomUUID().toUpperCase() },
      { sub: '0' },
      { sub: '-1' },
      { sub: '1.5' },
      { sub: '0x10' },
      { sub: ' 42' },
      { sub: '99999999999999999999' },
      { sub: 42 },
      { ver: '0' },
      { ver: 1.5 },
    ]) {
      expect(tokens.verify(handSigned(HEADER, goodClaims(wrong))), JSON.stringify(wrong)).toBeUndefined();
    }
    for (const payload of [[goodClaims()], 'a string', null, 42]) {
      expect(tokens.verify(handSigned(HEADER, payload)), JSON.stringify(payload)).toBeUndefined();
    }
  });

  it('are refused when malformed: segments, base64url, JSON, size', () => {
    const token = tokens.sign({ userId: 42, tokenVersion: 0 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    for (const malformed of [
      '',
      'abc',
      `${header}.${payload}`,
      `${token}.${signature}`,
      `${header}.${payload}.${signature}.x.y`,
      `.${payload}.${signature}`,
      `${header}..${signature}`,
      `${header.replace(/.$/, '+')}.${payload}.${signature}`,
      `${header}.${payload}/.${signature}`,
      `${header}=.${payload}.${signature}`,
    ]) {
      expect(tokens.verify(malformed), malformed).toBeUndefined();
    }
    expect(tokens.verify(handSigned(HEADER, '{"sub": "42",'))).toBeUndefined();
    const invalidUtf8 = (() => {
      const input = `${base64url(HEADER)}.${Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')}`;
      return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    })();
    expect(tokens.verify(invalidUtf8)).toBeUndefined();

    const huge = handSigned(HEADER, goodClaims({ padding: 'x'.repeat(1_000_000) }));
    const started = performance.now();
    expect(tokens.verify(huge)).toBeUndefined();
    expect(tokens.verify(`${'a'.repeat(1_000_000)}.${'b'.repeat(1_000_000)}.c`)).toBeUndefined();
    // Refused by its length before any hashing or parsing; a generous bound for a busy machine.
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('purpose tokens', () => {
  const purpose = { secret: SECRET, keyInfo: 'topup-store/test-purpose/v1', audience: 'test-purpose', ttlSeconds: 300 };
  const purposeKey = new Uint8Array(hkdfSync('sha256', SECRET, Buffer.alloc(0), purpose.keyInfo, 32));
  const purposeTokens = createPurposeTokens(purpose);

  it('accept what jose signed and are accepted by jose, with their audience', async () => {
    const id = randomUUID();
    const byJose = await new SignJWT({ ver: 2 })
      .setProtectedHeader(HEADER)
      .setSubject('9')
      .setJti(id)
      .setAudience(purpose.audience)
      .setIssuedAt()
      .setExpirationTime('300s')
      .sign(purposeKey);
    expect(purposeTokens.verify(byJose)).toEqual({ userId: 9, tokenVersion: 2, id });

    const ours = purposeTokens.sign({ userId: 9, tokenVersion: 2 });
    const { payload } = await jwtVerify(ours, purposeKey, { algorithms: ['HS256'], audience: purpose.audience, requiredClaims: ['exp', 'sub'] });
    expect(payload).toMatchObject({ ver: 2, sub: '9', aud: purpose.audience });
    expect(decodeProtectedHeader(ours)).toEqual(HEADER);
  });

  it("end at their purpose's lifetime after they were issued, however far their exp", () => {
    const century = 100 * 365 * 24 * 3600;
    const claims = { ver: 0, sub: '9', aud: purpose.audience };
    expect(purposeTokens.verify(handSigned(HEADER, { ...claims, iat: now() - purpose.ttlSeconds, exp: now() + century }, purposeKey))).toBeUndefined();
    expect(purposeTokens.verify(handSigned(HEADER, { ...claims, exp: now() + century }, purposeKey))).toBeUndefined();
    expect(purposeTokens.verify(handSigned(HEADER, { ...claims, iat: now() - 10, exp: now() + century }, purposeKey))).toBeDefined();
  });

  it('are refused for another purpose, and as session tokens', () => {
    const other = createPurposeTokens({ ...purpose, audience: 'other-purpose' });
    expect(other.verify(purposeTokens.sign({ userId: 9, tokenVersion: 0 }))).toBeUndefined();
    expect(purposeTokens.verify(handSigned(HEADER, goodClaims({ aud: 'other-purpose' }), purposeKey))).toBeUndefined();
    expect(purposeTokens.verify(handSigned(HEADER, goodClaims({ aud: ['other-purpose', purpose.audience] }), purposeKey))).toBeDefined();
    expect(tokens.verify(purposeTokens.sign({ userId: 9, tokenVersion: 0, id: randomUUID() }))).toBeUndefined();
    expect(purposeTokens.verify(tokens.sign({ userId: 9, tokenVersion: 0 }))).toBeUndefined();
  });
});
