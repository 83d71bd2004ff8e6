import { storage } from './storage';

/** How many accounts a game page offers again. */
export const RECENT_PLAYERS_LIMIT = 5;

/**
 * An account a shopper topped up or checked on a game page before: the player id (or Steam login), the
 * nickname the game confirmed ('' where the game has none to confirm), and for a game described as data
 * every field it was filled with.
 */
export interface RecentPlayer {
  account: string;
  name: string;
  fields?: Record<string, string>;
}

/** Kept in this browser per shopper and game, so another account signed in here never sees them. */
const keyOf = (userId: string, game: string) => `recent-players:${userId}:${game}`;

function isRecentPlayer(value: unknown): value is RecentPlayer {
  const player = value as Partial<RecentPlayer> | null;
  return typeof player?.account === 'string' && player.account !== '' && typeof player.name === 'string';
}

/** The accounts remembered for a shopper and game, the latest first. */
export function recentPlayers(userId: string, game: string): RecentPlayer[] {
  try {
    const stored = JSON.parse(storage.get(keyOf(userId, game)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter(isRecentPlayer).slice(0, RECENT_PLAYERS_LIMIT) : [];
  } catch {
    return [];
  }
}

/** `player` first, an older entry for the same account dropped, at most RECENT_PLAYERS_LIMIT kept. */
export function withRecentPlayer(list: readonly RecentPlayer[], player: RecentPlayer): RecentPlayer[] {
  return [player, ...list.filter((entry) => entry.account !== player.account)].slice(0, RECENT_PLAYERS_LIMIT);
}

/** Remembers `player` as the latest for this shopper and game; the list as it is now. */
export function rememberPlayer(userId: string, game: string, player: RecentPlayer): RecentPlayer[] {
  const next = withRecentPlayer(recentPlayers(userId, game), player);
  storage.set(keyOf(userId, game), JSON.stringify(next));
  return next;
}
