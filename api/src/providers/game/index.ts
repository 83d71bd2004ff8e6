import type { RedisConnection } from '@topup/server-kit';
import type { Config } from '../../config';
import type { SupplierKind } from '../../models';
import type { Logger } from '../../logger';
import type { DeliveryProvider, GameProvider } from './game-provider';
import { SandboxGameProvider } from './sandbox-game-provider';
import { createSeagmProvider } from './seagm/seagm-provider';
import type { SupplierAccount } from './game-provider';
import { createMoogoldProvider } from './moogold/moogold-provider';
import { createSmartglocalProvider } from './smartglocal/smartglocal-provider';

export * from './game-provider';
export { measureDeliveryCalls, type SupplierCallHistogram } from './measured-delivery';
export { SandboxGameProvider, type SandboxCredit } from './sandbox-game-provider';
export { createSeagmProvider } from './seagm/seagm-provider';
export { createMoogoldProvider } from './moogold/moogold-provider';
export { createSmartglocalProvider } from './smartglocal/smartglocal-provider';

type GameProviderConfig = Pick<Config, 'gameProvider' | 'redisPrefix' | 'gameProviderLatencyMs' | 'gameProviderFailureRate'>;

/** Game providers by their GAME_PROVIDER name; a real adapter is one more entry. */
const GAME_PROVIDERS: Record<string, (config: GameProviderConfig, deps: { redis: RedisConnection }) => GameProvider> = {
  sandbox: (config, deps) =>
    new SandboxGameProvider({
      redis: deps.redis,
      prefix: config.redisPrefix,
      latencyMs: config.gameProviderLatencyMs,
      failureRate: config.gameProviderFailureRate,
    }),
};

/** The game provider config.gameProvider names. */
export function createGameProvider(config: GameProviderConfig, deps: { redis: RedisConnection }): GameProvider {
  const create = GAME_PROVIDERS[config.gameProvider];
  if (!create) {
    throw new Error(`Unknown GAME_PROVIDER "${config.gameProvider}"; available: ${Object.keys(GAME_PROVIDERS).join(', ')}`);
  }
  return create(config, deps);
}

/** The wholesale suppliers set up in a process: each delivers, and lists its catalogue. */
export type SupplierSetup = Partial<Record<'seagm' | 'moogold' | 'smartglocal', DeliveryProvider & SupplierAccount>>;

type SupplierConfig = Pick<Config, 'seagm' | 'moogold' | 'smartglocal'>;

/** Whether SEAGM's settings are present: a uid and a secret. */
export const seagmConfigured = (config: Pick<Config, 'seagm'>): boolean => config.seagm.uid !== '' && config.seagm.secret !== '';

/** Whether MooGold's settings are present: a partner id and a secret. */
export const moogoldConfigured = (config: Pick<Config, 'moogold'>): boolean => config.moogold.partnerId !== '' && config.moogold.secret !== '';

/** Whether Smart Glocal's settings are present: a project, our private key and Smart Glocal's public key. */
export const smartglocalConfigured = (config: Pick<Config, 'smartglocal'>): boolean =>
  config.smartglocal.project !== '' && config.smartglocal.privateKey !== '' && config.smartglocal.publicKey !== '';

/**
 * The wholesale suppliers whose settings are present, by kind (the sandbox is the game provider itself):
 * each one's row is created at start, and only these can be activated.
 */
export function createSupplierProviders(config: SupplierConfig, deps: { logger: Logger }): SupplierSetup {
  return {
    ...(seagmConfigured(config) ? { seagm: createSeagmProvider({ settings: config.seagm, logger: deps.logger.child({ supplier: 'seagm' }) }) } : {}),
    ...(moogoldConfigured(config) ? { moogold: createMoogoldProvider({ settings: config.moogold, logger: deps.logger.child({ supplier: 'moogold' }) }) } : {}),
    ...(smartglocalConfigured(config)
      ? { smartglocal: createSmartglocalProvider({ settings: config.smartglocal, logger: deps.logger.child({ supplier: 'smartglocal' }) }) }
      : {}),
  };
}

/**
 * The suppliers that credit any amount a shopper enters (a game priced from an amount, Steam), as against a
 * denomination's fixed product: Smart Glocal pays a Steam wallet any number of roubles.
 */
export const AMOUNT_SUPPLIER_KINDS: readonly SupplierKind[] = ['smartglocal'];

/** The kinds whose settings are present, the sandbox's among them: the rows created at start, and the only ones that can be switched on. */
export const configuredSupplierKinds = (config: SupplierConfig): SupplierKind[] => [
  'sandbox',
  ...(seagmConfigured(config) ? (['seagm'] as const) : []),
  ...(moogoldConfigured(config) ? (['moogold'] as const) : []),
  ...(smartglocalConfigured(config) ? (['smartglocal'] as const) : []),
];
