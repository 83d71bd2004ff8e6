import type { TFunction } from 'i18next';
import { toApiError } from '../lib/api-error';
import { errorText } from '../lib/error-message';

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

/** What a player check that failed as a request (not an unknown player) says: how long to wait after too many checks. */
export function playerCheckErrorText(t: TFunction, error: unknown): string {
  return toApiError(error).status === 429 ? errorText(t, error, 'games.failed_to_verify') : t('games.failed_to_verify');
}
