import { hkdfSync } from 'node:crypto';
import { accountOf, createHs256Jwt } from './jwt';

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
  const jwt = createHs256Jwt(new Uint8Array(hkdfSync('sha256', deps.secret, Buffer.alloc(0), deps.keyInfo, 32)));
  return {
    sign: ({ userId, tokenVersion, id }: PurposeClaims): string =>
      jwt.sign({ ver: tokenVersion, sub: String(userId), ...(id !== undefined ? { jti: id } : {}), aud: deps.audience }, deps.ttlSeconds),
    /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
    verify(token: string): PurposeClaims | undefined {
      const payload = jwt.verify(token, { required: ['exp', 'sub'], audience: deps.audience, maxLifetimeSeconds: deps.ttlSeconds });
      const account = payload && accountOf(payload);
      if (!payload || !account) return undefined;
      return { ...account, ...(typeof payload.jti === 'string' ? { id: payload.jti } : {}) };
    },
  };
}
