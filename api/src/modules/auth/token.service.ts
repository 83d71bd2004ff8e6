import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  /** users.token_version at signing time; a password change bumps it and so revokes older tokens. */
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Resolves to the claims of a valid token, or undefined for anything forged, expired or malformed. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

const ALGORITHM = 'HS256';

export function createTokenService(deps: { secret: string; ttlSeconds: number }): TokenService {
  const key = new TextEncoder().encode(deps.secret);
  return {
    sign: ({ userId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${deps.ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        // Pinning the algorithm rejects `alg: none` and any algorithm-confusion attempt.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        const userId = Number(payload.sub);
        const tokenVersion = payload.ver;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return undefined;
        return { userId, tokenVersion };
      } catch {
        return undefined;
      }
    },
  };
}
