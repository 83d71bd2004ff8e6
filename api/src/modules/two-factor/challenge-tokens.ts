import { createPurposeTokens } from '../../lib/purpose-tokens';

/** How long the second step of a sign-in stays open after the password step. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

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
  const tokens = createPurposeTokens({
    secret: deps.secret,
    keyInfo: 'topup-store/two-factor-challenge/v1',
    audience: 'two-factor-challenge',
    ttlSeconds: CHALLENGE_TTL_SECONDS,
  });
  return {
    sign: ({ challengeId, userId, tokenVersion }: ChallengeClaims) => tokens.sign({ userId, tokenVersion, id: challengeId }),
    /** The claims of a valid challenge, or undefined for anything forged, expired or malformed (or without its id). */
    verify(token: string): ChallengeClaims | undefined {
      const claims = tokens.verify(token);
      if (claims?.id === undefined) return undefined;
      return { challengeId: claims.id, userId: claims.userId, tokenVersion: claims.tokenVersion };
    },
  };
}

export type ChallengeTokens = ReturnType<typeof createChallengeTokens>;
