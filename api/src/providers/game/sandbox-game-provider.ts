import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import {
  GameProviderUnavailableError,
  type Game,
  type GameProvider,
  type PlayerCheck,
  type ProviderOutcome,
  type RedeemPubgCodeRequest,
  type TopUpRequest,
} from './game-provider';

export interface SandboxGameProviderOptions {
  redis: Redis;
  /** config.redisPrefix: the sandbox's records live under `<prefix>:sandbox-game:`. */
  prefix: string;
  /** Simulated round trip of every call. */
  latencyMs?: number;
  /** Share (0 to 1) of calls that fail as a transient outage before anything happens. */
  failureRate?: number;
  random?: () => number;
}

/** One credit the sandbox game applied, as its records keep it. */
export interface SandboxCredit {
  idempotencyKey: string;
  game: Game;
  account: string;
  reference: string;
  /** Free Fire diamonds, or Steam minor units of `currency`; absent for a PUBG code. */
  amount?: number;
  currency?: string;
  offerId?: number;
  /** SHA-256 of the redeemed PUBG code (never the code itself). */
  codeHash?: string;
}

/** The remote game's own records outlive any retry the store could make. */
const RECORD_TTL_SECONDS = 90 * 24 * 3600;

const PLAYER_ID = /^\d{6,12}$/;
const STEAM_LOGIN = /^[A-Za-z0-9_]{3,64}$/;
/** Codes the sandbox treats as never issued by the game, so the store's code-rejection path can be shown. */
const INVALID_CODE_PREFIX = 'INVALID';

/**
 * Records a credit once per idempotency key, atomically: an existing record wins and is returned.
 * KEYS: the operation, the account's credit list, and for a PUBG code the code's owner record.
 * ARGV: outcome JSON, credit JSON, TTL seconds, the idempotency key.
 * Returns the stored outcome of an earlier call, 'CODE_USED', or nil when this call applied it.
 */
const APPLY_ONCE = `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
if KEYS[3] then
  local owner = redis.call('GET', KEYS[3])
  if owner and owner ~= ARGV[4] then return 'CODE_USED' end
  redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[3])
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return false
`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The default game provider on a fresh machine (README, Configuration: GAME_PROVIDER). Deterministic:
 * - a Free Fire or PUBG player id of 6 to 12 digits exists unless it ends in 0; its nickname is
 *   'Player' and the id's last 4 digits;
 * - a Steam login of 3 to 64 letters, digits or underscores exists; its nickname is the login;
 * - a top-up or code redemption for an account ending in 13 is declined for good (to exercise refunds);
 * - a PUBG code starting with INVALID, or already redeemed under another idempotency key, is rejected.
 * It keeps its record of applied credits (the remote game's own books) in Redis for 90 days, keyed by
 * idempotency key, so the same key never credits twice, across processes and restarts.
 */
export class SandboxGameProvider implements GameProvider {
  readonly name = 'sandbox';
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly latencyMs: number;
  private readonly failureRate: number;
  private readonly random: () => number;
  private outageCalls = 0;

  constructor(options: SandboxGameProviderOptions) {
    this.redis = options.redis;
    this.keyPrefix = `${options.prefix}:sandbox-game`;
    this.latencyMs = Math.max(0, options.latencyMs ?? 0);
    this.failureRate = Math.min(1, Math.max(0, options.failureRate ?? 0));
    this.random = options.random ?? Math.random;
  }

  /** Makes the next `calls` calls fail as a transient outage (tests and demos of retries). */
  simulateOutage(calls = 1): void {
    this.outageCalls += calls;
  }

  /**
   * Switches an outage of deliveries (top-ups and code redemptions; player checks still answer) on or
   * off for every process sharing these records, until switched back: tests and demos of a delivery
   * that runs out of attempts, then succeeds when retried.
   */
  async setDeliveryOutage(down: boolean): Promise<void> {
    if (down) await this.redis.set(this.deliveryOutageKey(), '1');
    else await this.redis.del(this.deliveryOutageKey());
  }

  /** The credits the sandbox game applied to an account, oldest first. */
  async creditsOf(game: Game, account: string): Promise<SandboxCredit[]> {
    const entries = await this.redis.lrange(this.creditsKey(game, account), 0, -1);
    return entries.map((entry) => JSON.parse(entry) as SandboxCredit);
  }

  async checkPlayer(game: Game, account: string): Promise<PlayerCheck> {
    await this.roundTrip();
    if (!this.exists(game, account)) return { found: false };
    return { found: true, nickname: game === 'steam' ? account : `Player${account.slice(-4)}` };
  }

  async topUp(request: TopUpRequest): Promise<ProviderOutcome> {
    if (!Number.isSafeInteger(request.game === 'steam' ? request.amount : request.diamonds)) {
      throw new Error('A top-up amount must be an integer');
    }
    await this.roundTrip();
    await this.deliveryAvailable();
    const account = request.game === 'steam' ? request.login : request.playerId;
    const rejection = this.accountRejection(request.game, account);
    if (rejection) return (await this.stored(request.idempotencyKey)) ?? rejection;
    const reference = this.referenceFor(request.idempotencyKey);
    const credit: SandboxCredit =
      request.game === 'steam'
        ? { idempotencyKey: request.idempotencyKey, game: 'steam', account, reference, amount: request.amount, currency: request.currency }
        : {
            idempotencyKey: request.idempotencyKey,
            game: 'freefire',
            account,
            reference,
            amount: request.diamonds,
            offerId: request.offerId,
          };
    return this.applyOnce(credit);
  }

  async redeemPubgCode(request: RedeemPubgCodeRequest): Promise<ProviderOutcome> {
    await this.roundTrip();
    await this.deliveryAvailable();
    const rejection = this.accountRejection('pubg', request.playerId);
    if (rejection) return (await this.stored(request.idempotencyKey)) ?? rejection;
    const code = request.code.trim();
    if (code.toUpperCase().startsWith(INVALID_CODE_PREFIX)) {
      return { status: 'rejected', reason: 'invalid_code', detail: 'The code does not exist' };
    }
    const codeHash = sha256(code);
    return this.applyOnce(
      {
        idempotencyKey: request.idempotencyKey,
        game: 'pubg',
        account: request.playerId,
        reference: this.referenceFor(request.idempotencyKey),
        codeHash,
      },
      `${this.keyPrefix}:pubg-code:${codeHash}`,
    );
  }

  private exists(game: Game, account: string): boolean {
    if (game === 'steam') return STEAM_LOGIN.test(account);
    return PLAYER_ID.test(account) && !account.endsWith('0');
  }

  private accountRejection(game: Game, account: string): ProviderOutcome | undefined {
    if (!this.exists(game, account)) {
      return { status: 'rejected', reason: 'player_not_found', detail: `No ${game} account ${account}` };
    }
    if (account.endsWith('13')) {
      return { status: 'rejected', reason: 'declined', detail: `Credits to ${game} account ${account} are blocked` };
    }
    return undefined;
  }

  /** A rejection credits nothing, but a key that did credit keeps answering with that credit. */
  private async stored(idempotencyKey: string): Promise<ProviderOutcome | undefined> {
    const existing = await this.records(() => this.redis.get(this.operationKey(idempotencyKey)));
    return existing ? (JSON.parse(existing) as ProviderOutcome) : undefined;
  }

  private async applyOnce(credit: SandboxCredit, codeOwnerKey?: string): Promise<ProviderOutcome> {
    const outcome: ProviderOutcome = { status: 'succeeded', reference: credit.reference };
    const keys = [this.operationKey(credit.idempotencyKey), this.creditsKey(credit.game, credit.account)];
    if (codeOwnerKey) keys.push(codeOwnerKey);
    const result = (await this.records(() =>
      this.redis.eval(
        APPLY_ONCE,
        keys.length,
        ...keys,
        JSON.stringify(outcome),
        JSON.stringify(credit),
        RECORD_TTL_SECONDS,
        credit.idempotencyKey,
      ),
    )) as string | null;
    if (result === null) return outcome;
    if (result === 'CODE_USED') {
      return { status: 'rejected', reason: 'invalid_code', detail: 'The code has already been redeemed' };
    }
    return JSON.parse(result) as ProviderOutcome;
  }

  /** Latency and injected outages: an outage fails the call before anything happens. */
  private async roundTrip(): Promise<void> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    if (this.outageCalls > 0) {
      this.outageCalls -= 1;
      throw new GameProviderUnavailableError('Sandbox game provider: simulated outage');
    }
    if (this.failureRate > 0 && this.random() < this.failureRate) {
      throw new GameProviderUnavailableError('Sandbox game provider: simulated transient failure');
    }
  }

  /** The sandbox's books are its Redis keys: Redis being away is the game being unreachable. */
  private async records<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw new GameProviderUnavailableError('Sandbox game provider: its records are unreachable', { cause: err });
    }
  }

  private async deliveryAvailable(): Promise<void> {
    if (await this.records(() => this.redis.exists(this.deliveryOutageKey()))) {
      throw new GameProviderUnavailableError('Sandbox game provider: deliveries are down (simulated outage)');
    }
  }

  private deliveryOutageKey(): string {
    return `${this.keyPrefix}:delivery-outage`;
  }

  private operationKey(idempotencyKey: string): string {
    return `${this.keyPrefix}:op:${idempotencyKey}`;
  }

  private creditsKey(game: Game, account: string): string {
    return `${this.keyPrefix}:credits:${game}:${account}`;
  }

  private referenceFor(idempotencyKey: string): string {
    return `SBX-${sha256(idempotencyKey).slice(0, 16).toUpperCase()}`;
  }
}
