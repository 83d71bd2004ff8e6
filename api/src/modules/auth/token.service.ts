import { randomUUID } from 'node:crypto';
import { accountOf, createHs256Jwt } from '../../lib/jwt';

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
  /** When the token stops working: its `exp`, or earlier when that is past the longest lifetime. */
  expiresAt: Date;
  remember: boolean;
  enrolment: boolean;
}

export interface TokenService {
  sign(request: TokenRequest): string;
  /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
  verify(token: string): TokenClaims | undefined;
}

const DEFAULT_REMEMBER_TTL_SECONDS = 30 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createTokenService(deps: { secret: string; ttlSeconds: number; rememberTtlSeconds?: number }): TokenService {
  const jwt = createHs256Jwt(deps.secret);
  const rememberTtlSeconds = deps.rememberTtlSeconds ?? DEFAULT_REMEMBER_TTL_SECONDS;
  // No session outlives the longer of the two lifetimes the store signs for, whatever its `exp` says.
  const maxLifetimeSeconds = Math.max(deps.ttlSeconds, rememberTtlSeconds);
  return {
    sign: ({ userId, tokenVersion, remember = false, enrolment = false }) =>
      jwt.sign(
        // Only the flags that are set: an ordinary token carries neither.
        { ver: tokenVersion, ...(remember ? { rem: true } : {}), ...(enrolment ? { enrol: true } : {}), sub: String(userId), jti: randomUUID() },
        remember ? rememberTtlSeconds : deps.ttlSeconds,
      ),
    verify(token) {
      // A token without an expiry or an id would live for ever and could not be revoked. Its expiry
      // below is the capped one, so a revocation (kept until then) outlives the token it revokes.
      const payload = jwt.verify(token, { required: ['exp', 'iat', 'jti', 'sub'], maxLifetimeSeconds });
      const account = payload && accountOf(payload);
      if (!payload || !account || typeof payload.jti !== 'string' || !UUID.test(payload.jti)) return undefined;
      return {
        ...account,
        jti: payload.jti,
        expiresAt: new Date((payload.exp as number) * 1000),
        remember: payload.rem === true,
        enrolment: payload.enrol === true,
      };
    },
  };
}
