import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** What a session token is signed with. */
export interface TokenRequest {
  userId: number;
  /** users.token_version at signing time; a password change bumps it and so revokes older tokens. */
  tokenVersion: number;
  /** "Remember me": signed for the longer lifetime; a token reissued for the same session keeps it. */
  remember?: boolean;
  /** Limited to two-factor enrolment: an admin who must enrol and has not yet. */
  enrolment?: boolean;
}

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** This token's own id, so logging out revokes it without ending the account's other sessions. */
  jti: string;
  /** When the token stops working. */
  expiresAt: Date;
  remember: boolean;
  enrolment: boolean;
}

export interface TokenService {
  sign(request: TokenRequest): Promise<string>;
  /** Resolves to the claims of a valid token, or undefined for anything forged, expired or malformed. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

const ALGORITHM = 'HS256';
const DEFAULT_REMEMBER_TTL_SECONDS = 30 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createTokenService(deps: { secret: string; ttlSeconds: number; rememberTtlSeconds?: number }): TokenService {
  const key = new TextEncoder().encode(deps.secret);
  const rememberTtlSeconds = deps.rememberTtlSeconds ?? DEFAULT_REMEMBER_TTL_SECONDS;
  return {
    sign: ({ userId, tokenVersion, remember = false, enrolment = false }) =>
      // Only the claims that are set: an ordinary token carries neither flag.
      new SignJWT({ ver: tokenVersion, ...(remember ? { rem: true } : {}), ...(enrolment ? { enrol: true } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${remember ? rememberTtlSeconds : deps.ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        // Pinning the algorithm rejects `alg: none` and any algorithm-confusion attempt; a token
        // without an expiry or an id would live for ever and could not be revoked.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'jti', 'sub'] });
        const userId = Number(payload.sub);
        const tokenVersion = payload.ver;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return undefined;
        if (typeof payload.jti !== 'string' || !UUID.test(payload.jti) || typeof payload.exp !== 'number') return undefined;
        return {
          userId,
          tokenVersion,
          jti: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
          remember: payload.rem === true,
          enrolment: payload.enrol === true,
        };
      } catch {
        return undefined;
      }
    },
  };
}
