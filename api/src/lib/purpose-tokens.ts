import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ALGORITHM = 'HS256';

export interface PurposeClaims {
  userId: number;
  /** users.token_version at signing time. */
  tokenVersion: number;
  /** The token's id (`jti`), when the purpose gives one. */
  id?: string;
}

/**
 * Short-lived signed tokens for one purpose besides the session (a sign-in's second step, a dashboard
 * cookie). The key is derived from JWT_SECRET under `keyInfo` and the tokens carry `audience`, so a
 * token of one purpose is never accepted for another, nor as a session token.
 */
export function createPurposeTokens(deps: { secret: string; keyInfo: string; audience: string; ttlSeconds: number }) {
  const key = new Uint8Array(hkdfSync('sha256', deps.secret, Buffer.alloc(0), deps.keyInfo, 32));
  return {
    sign({ userId, tokenVersion, id }: PurposeClaims): Promise<string> {
      const jwt = new SignJWT({ ver: tokenVersion }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).setSubject(String(userId));
      if (id !== undefined) jwt.setJti(id);
      return jwt.setAudience(deps.audience).setIssuedAt().setExpirationTime(`${deps.ttlSeconds}s`).sign(key);
    },
    /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
    async verify(token: string): Promise<PurposeClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          audience: deps.audience,
          requiredClaims: ['exp', 'sub'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.ver !== 'number') return undefined;
        return { userId, tokenVersion: payload.ver, ...(typeof payload.jti === 'string' ? { id: payload.jti } : {}) };
      } catch {
        return undefined;
      }
    },
  };
}
