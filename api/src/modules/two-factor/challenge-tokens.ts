import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** How long the second step of a sign-in stays open after the password step. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

const AUDIENCE = 'two-factor-challenge';
const ALGORITHM = 'HS256';

export interface ChallengeClaims {
  /** two_factor_challenges.id: its row holds the wrong-code count and whether it was used. */
  challengeId: string;
  userId: number;
  /** users.token_version at the password step: a password change meanwhile ends the challenge. */
  tokenVersion: number;
}

/**
 * The signed token a sign-in's password step answers with, to be sent back with the code. Its key is
 * derived from JWT_SECRET for this purpose only, so a challenge is never accepted as a session token.
 */
export function createChallengeTokens(deps: { secret: string }) {
  const key = new Uint8Array(hkdfSync('sha256', deps.secret, Buffer.alloc(0), 'topup-store/two-factor-challenge/v1', 32));
  return {
    sign: ({ challengeId, userId, tokenVersion }: ChallengeClaims) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(challengeId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
        .sign(key),
    /** The claims of a valid challenge, or undefined for anything forged, expired or malformed. */
    async verify(token: string): Promise<ChallengeClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          audience: AUDIENCE,
          requiredClaims: ['exp', 'jti', 'sub'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.ver !== 'number' || typeof payload.jti !== 'string') {
          return undefined;
        }
        return { challengeId: payload.jti, userId, tokenVersion: payload.ver };
      } catch {
        return undefined;
      }
    },
  };
}

export type ChallengeTokens = ReturnType<typeof createChallengeTokens>;
