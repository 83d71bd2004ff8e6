import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { SUPPLIER_KINDS, type SupplierKind } from '../../models';
import type { Logger } from '../../logger';
import type { DeliveryProvider, GameProvider } from './game-provider';
import { SandboxGameProvider } from './sandbox-game-provider';
import { createSeagmProvider, type SupplierAccount } from './seagm/seagm-provider';
import { createMoogoldProvider } from './moogold/moogold-provider';

export * from './game-provider';
export { measureDeliveryCalls, type SupplierCallHistogram } from './measured-delivery';
export { SandboxGameProvider, type SandboxCredit } from './sandbox-game-provider';
export { createSeagmProvider, type SupplierAccount, type SupplierListing, type SupplierProductRef } from './seagm/seagm-provider';
export { createMoogoldProvider } from './moogold/moogold-provider';

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

/** The wholesale suppliers set up in a process: each delivers, and lists its catalogue. */
export type SupplierSetup = { seagm?: DeliveryProvider & SupplierAccount; moogold?: DeliveryProvider & SupplierAccount };

/** Whether SEAGM's settings are present: a uid and a secret. */
export const seagmConfigured = (config: Pick<Config, 'seagm'>): boolean => config.seagm.uid !== '' && config.seagm.secret !== '';

/** Whether MooGold's settings are present: a partner id and a secret. */
export const moogoldConfigured = (config: Pick<Config, 'moogold'>): boolean => config.moogold.partnerId !== '' && config.moogold.secret !== '';

/**
 * The wholesale suppliers whose settings are present, by kind (the sandbox is the game provider itself):
 * each one's row is created at start, and only these can be activated.
 */
export function createSupplierProviders(config: Pick<Config, 'seagm' | 'moogold'>, deps: { logger: Logger }): SupplierSetup {
  return {
    ...(seagmConfigured(config) ? { seagm: createSeagmProvider({ settings: config.seagm, logger: deps.logger.child({ supplier: 'seagm' }) }) } : {}),
    ...(moogoldConfigured(config) ? { moogold: createMoogoldProvider({ settings: config.moogold, logger: deps.logger.child({ supplier: 'moogold' }) }) } : {}),
  };
}

/** The kinds whose settings are present: the sandbox always, and each supplier set up. */
export const configuredSupplierKinds = (setup: SupplierSetup): ReadonlySet<SupplierKind> =>
  new Set(SUPPLIER_KINDS.filter((kind) => kind === 'sandbox' || kind in setup));
