import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { keyGroup, type RedisConnection } from '@topup/server-kit';
import {
  accountName,
  GameProviderUnavailableError,
  type CodeRedemptionRequest,
  type DeliveryRequest,
  type GameAccount,
  type GameProvider,
  type PlayerCheck,
  type ProviderOutcome,
} from './game-provider';

export interface SandboxGameProviderOptions {
  redis: RedisConnection;
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
  /** The game's slug. */
  game: string;
  account: string;
  reference: string;
  /** A delivery's amount, its unit and the game's offer id; absent for a redeemed code. */
  amount?: number;
  unit?: string;
  offerId?: number;
  /** SHA-256 of the redeemed code (never the code itself). */
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
 * KEYS: the operation, the account's credit list, and for a code the code's owner record.
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

/** A first field keyed `login` (Steam's) names an account by login; any other first field is a player id. */
const LOGIN_FIELD = 'login';

/**
 * The default game provider on a fresh machine (README, Configuration: GAME_PROVIDER). It serves every
 * game alike, reading the game's first field as the account. Deterministic:
 * - a player id of 6 to 12 digits exists unless it ends in 0; its nickname is 'Player' and the id's
 *   last 4 digits;
 * - a login (a first field keyed `login`, as Steam's) of 3 to 64 letters, digits or underscores
 *   exists; its nickname is the login;
 * - a delivery or code redemption for an account ending in 13 is declined for good (to exercise refunds);
 * - a code starting with INVALID, or already redeemed under another idempotency key, is rejected.
 * It keeps its record of applied credits (the remote game's own books) in Redis for 90 days, keyed by
 * idempotency key, so the same key never credits twice, across processes and restarts.
 */
export class SandboxGameProvider implements GameProvider {
  readonly name = 'sandbox';
  /** The sandbox answers every call at once and sends no notices. */
  readonly noticeAnswer = '';
  private readonly redis: RedisConnection;
  private readonly keyPrefix: string;
  private readonly latencyMs: number;
  private readonly failureRate: number;
  private readonly random: () => number;
  private outageCalls = 0;

  constructor(options: SandboxGameProviderOptions) {
    this.redis = options.redis;
    // One key group: a credit's script reads and writes its operation, its account and its code together.
    this.keyPrefix = `${options.prefix}:${keyGroup(options.redis, 'sandbox-game')}`;
    this.latencyMs = Math.max(0, options.latencyMs ?? 0);
    this.failureRate = Math.min(1, Math.max(0, options.failureRate ?? 0));
    this.random = options.random ?? Math.random;
  }

  /** Makes the next `calls` calls fail as a transient outage (tests and demos of retries). */
  simulateOutage(calls = 1): void {
    this.outageCalls += calls;
  }

  /**
   * Switches an outage of deliveries (credits and code redemptions; player checks still answer) on or
   * off for every process sharing these records, until switched back: tests and demos of a delivery
   * that runs out of attempts, then succeeds when retried.
   */
  async setDeliveryOutage(down: boolean): Promise<void> {
    if (down) await this.redis.set(this.deliveryOutageKey(), '1');
    else await this.redis.del(this.deliveryOutageKey());
  }

  /** The credits the sandbox game applied to an account of a game (by slug), oldest first. */
  async creditsOf(game: string, account: string): Promise<SandboxCredit[]> {
    const entries = await this.redis.lrange(this.creditsKey(game, account), 0, -1);
    return entries.map((entry) => JSON.parse(entry) as SandboxCredit);
  }

  async checkPlayer(account: GameAccount): Promise<PlayerCheck> {
    await this.roundTrip();
    if (!this.exists(account)) return { found: false };
    const name = accountName(account);
    return { found: true, nickname: this.isLogin(account) ? name : `Player${name.slice(-4)}` };
  }

  async deliver(request: DeliveryRequest): Promise<ProviderOutcome> {
    if (!Number.isSafeInteger(request.offer.amount)) throw new Error('A delivery amount must be an integer');
    await this.roundTrip();
    await this.deliveryAvailable();
    const rejection = this.accountRejection(request.account);
    if (rejection) return (await this.stored(request.idempotencyKey)) ?? rejection;
    return this.applyOnce({
      idempotencyKey: request.idempotencyKey,
      game: request.account.game,
      account: accountName(request.account),
      reference: this.referenceFor(request.idempotencyKey),
      amount: request.offer.amount,
      unit: request.offer.unit,
      offerId: request.offer.id,
    });
  }

  /** The credit applied under this key; a rejection kept nothing, so it is not found. */
  async findDelivery(idempotencyKey: string): Promise<ProviderOutcome | undefined> {
    await this.roundTrip();
    return this.stored(idempotencyKey);
  }

  /** The sandbox sends no notices: none checks out. */
  readNotice(): undefined {
    return undefined;
  }

  async redeemCode(request: CodeRedemptionRequest): Promise<ProviderOutcome> {
    await this.roundTrip();
    await this.deliveryAvailable();
    const rejection = this.accountRejection(request.account);
    if (rejection) return (await this.stored(request.idempotencyKey)) ?? rejection;
    const code = request.code.trim();
    if (code.toUpperCase().startsWith(INVALID_CODE_PREFIX)) {
      return { status: 'rejected', reason: 'invalid_code', detail: 'The code does not exist' };
    }
    const codeHash = sha256(code);
    return this.applyOnce(
      {
        idempotencyKey: request.idempotencyKey,
        game: request.account.game,
        account: accountName(request.account),
        reference: this.referenceFor(request.idempotencyKey),
        codeHash,
      },
      `${this.keyPrefix}:code:${codeHash}`,
    );
  }

  private isLogin(account: GameAccount): boolean {
    return account.fields[0]?.key === LOGIN_FIELD;
  }

  private exists(account: GameAccount): boolean {
    const name = accountName(account);
    if (this.isLogin(account)) return STEAM_LOGIN.test(name);
    return PLAYER_ID.test(name) && !name.endsWith('0');
  }

  private accountRejection(account: GameAccount): ProviderOutcome | undefined {
    const name = accountName(account);
    if (!this.exists(account)) {
      return { status: 'rejected', reason: 'player_not_found', detail: `No ${account.game} account ${name}` };
    }
    if (name.endsWith('13')) {
      return { status: 'rejected', reason: 'declined', detail: `Credits to ${account.game} account ${name} are blocked` };
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

  /** The sandbox's books are its Redis keys: RedisConnection being away is the game being unreachable. */
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

  private creditsKey(game: string, account: string): string {
    return `${this.keyPrefix}:credits:${game}:${account}`;
  }

  private referenceFor(idempotencyKey: string): string {
    return `SBX-${sha256(idempotencyKey).slice(0, 16).toUpperCase()}`;
  }
}
