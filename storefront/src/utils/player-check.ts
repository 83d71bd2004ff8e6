import { toApiError } from '../lib/api-error';

/** A player id as the shopper typed it, ready to send: surrounding blanks removed. */
export function normalizePlayerId(raw: string): string {
  return raw.trim();
}

/** The verified name applies only to the id it was found for; editing the id drops it. */
export interface VerifiedPlayer {
  playerId: string;
  name: string;
}

export function verifiedNameFor(verified: VerifiedPlayer | null, rawPlayerId: string): string | null {
  const playerId = normalizePlayerId(rawPlayerId);
  return verified !== null && playerId !== '' && verified.playerId === playerId ? verified.name : null;
}

/** The message key for a player check that failed as a request (not an unknown player). */
export function playerCheckErrorKey(error: unknown): 'errors.rate_limited' | 'games.failed_to_verify' {
  return toApiError(error).status === 429 ? 'errors.rate_limited' : 'games.failed_to_verify';
}
