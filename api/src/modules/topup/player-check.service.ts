import type { Redis } from 'ioredis';
import { ErrorCode } from '@topup/common';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../logger';
import { GameProviderUnavailableError, type GameAccount, type GameProvider, type PlayerCheck } from '../../providers/game';

/** How long a found player is remembered; a nickname rarely changes within minutes. */
const FOUND_TTL_SECONDS = 300;
/** Shorter for an unknown id, so a player who has just registered is found soon. */
const NOT_FOUND_TTL_SECONDS = 60;

export const gameUnavailable = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The game service is not answering right now. Please try again in a minute.');

/**
 * Player look-ups through the game provider, cached in Redis a few minutes: the storefront's Find
 * button, and the check before an order is charged. Redis is only a cache here: while it is away,
 * every check goes to the provider.
 */
export function createPlayerCheckService(deps: { games: GameProvider; redis: Redis; prefix: string; logger: Logger }) {
  const { games, redis, logger } = deps;
  // The values in the game's order of fields, each encoded, so no two accounts share a key.
  const cacheKey = (account: GameAccount) =>
    `${deps.prefix}:player-check:${account.game}:${account.fields.map((field) => encodeURIComponent(field.value)).join(':')}`;

  async function cached(key: string): Promise<PlayerCheck | undefined> {
    try {
      const value = await redis.get(key);
      return value ? (JSON.parse(value) as PlayerCheck) : undefined;
    } catch (err) {
      logger.debug({ err }, 'Player check cache unavailable');
      return undefined;
    }
  }

  async function remember(key: string, result: PlayerCheck): Promise<void> {
    try {
      await redis.set(key, JSON.stringify(result), 'EX', result.found ? FOUND_TTL_SECONDS : NOT_FOUND_TTL_SECONDS);
    } catch (err) {
      logger.debug({ err }, 'Player check cache unavailable');
    }
  }

  return {
    /** Whether the account exists in the game. Throws 503 SERVICE_UNAVAILABLE while the game is unreachable. */
    async check(account: GameAccount): Promise<PlayerCheck> {
      const key = cacheKey(account);
      const hit = await cached(key);
      if (hit) return hit;
      let result: PlayerCheck;
      try {
        result = await games.checkPlayer(account);
      } catch (err) {
        if (err instanceof GameProviderUnavailableError) {
          logger.warn({ err, game: account.game }, 'Player check failed: game provider unavailable');
          throw gameUnavailable();
        }
        throw err;
      }
      await remember(key, result);
      return result;
    },
  };
}

export type PlayerCheckService = ReturnType<typeof createPlayerCheckService>;
