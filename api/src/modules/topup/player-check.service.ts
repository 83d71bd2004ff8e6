import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import { ErrorCode } from '@topup/common';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../logger';
import type { SupplierKind } from '../../models';
import { GameProviderUnavailableError, type GameAccount, type GameProvider, type PlayerCheck, type SupplierSetup } from '../../providers/game';
import { suppliersDal } from '../suppliers/suppliers.dal';

/** How long a found player is remembered; a nickname rarely changes within minutes. */
const FOUND_TTL_SECONDS = 300;
/** Shorter for an unknown id, so a player who has just registered is found soon. */
const NOT_FOUND_TTL_SECONDS = 60;

export const gameUnavailable = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The game service is not answering right now. Please try again in a minute.');

/**
 * Player look-ups, cached in Redis a few minutes: the storefront's Find button, and the check before an
 * order is charged. A game sold from a supplier that checks players (MooGold's validation) is checked there,
 * through the first such product among its sources (docs/architecture.md, "Suppliers"); any other game, or a
 * product the supplier offers no check for, through the game provider. Redis is only a cache here: while it
 * is away, every check goes to the provider.
 */
export function createPlayerCheckService(deps: { db: Knex; games: GameProvider; suppliers: SupplierSetup; redis: RedisConnection; prefix: string; logger: Logger }) {
  const { db, games, suppliers, redis, logger } = deps;
  // The suppliers set up here that check players.
  const checkingKinds: SupplierKind[] = (Object.keys(suppliers) as Array<keyof SupplierSetup>).filter((kind) => suppliers[kind]?.checkPlayer);
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

  /** The answer of the supplier the game is checked through, or undefined when there is none. */
  async function checkAtSupplier(account: GameAccount): Promise<PlayerCheck | undefined> {
    if (checkingKinds.length === 0) return undefined;
    const product = await suppliersDal.playerCheckProduct(db, account.game, checkingKinds);
    const check = product ? suppliers[product.supplier_kind as keyof SupplierSetup]?.checkPlayer : undefined;
    return product && check ? check({ externalId: product.external_id, fields: product.fields }, account) : undefined;
  }

  return {
    /** Whether the account exists in the game. Throws 503 SERVICE_UNAVAILABLE while the game is unreachable. */
    async check(account: GameAccount): Promise<PlayerCheck> {
      const key = cacheKey(account);
      const hit = await cached(key);
      if (hit) return hit;
      let result: PlayerCheck;
      try {
        result = (await checkAtSupplier(account)) ?? (await games.checkPlayer(account));
      } catch (err) {
        if (err instanceof GameProviderUnavailableError) {
          logger.warn({ err, game: account.game }, 'Player check failed: the game or its supplier is unavailable');
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
