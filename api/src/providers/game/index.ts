import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { GameProvider } from './game-provider';
import { SandboxGameProvider } from './sandbox-game-provider';

export * from './game-provider';
export { SandboxGameProvider, type SandboxCredit } from './sandbox-game-provider';

type GameProviderConfig = Pick<Config, 'gameProvider' | 'redisPrefix' | 'gameProviderLatencyMs' | 'gameProviderFailureRate'>;

/** Game providers by their GAME_PROVIDER name; a real adapter is one more entry. */
const GAME_PROVIDERS: Record<string, (config: GameProviderConfig, deps: { redis: Redis }) => GameProvider> = {
  sandbox: (config, deps) =>
    new SandboxGameProvider({
      redis: deps.redis,
      prefix: config.redisPrefix,
      latencyMs: config.gameProviderLatencyMs,
      failureRate: config.gameProviderFailureRate,
    }),
};

/** The game provider config.gameProvider names. */
export function createGameProvider(config: GameProviderConfig, deps: { redis: Redis }): GameProvider {
  const create = GAME_PROVIDERS[config.gameProvider];
  if (!create) {
    throw new Error(`Unknown GAME_PROVIDER "${config.gameProvider}"; available: ${Object.keys(GAME_PROVIDERS).join(', ')}`);
  }
  return create(config, deps);
}
