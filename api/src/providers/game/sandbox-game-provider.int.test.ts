import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RedisConnection } from '@topup/server-kit';
import { loadConfig } from '../../config';
import { createRedis } from '../../redis';
import { deleteRedisKeys, testRedisPrefix } from '../../testing/harness';
import { createGameProvider, GameProviderUnavailableError, SandboxGameProvider } from './index';

let redis: RedisConnection;
let prefix: string;

beforeAll(async () => {
  redis = createRedis(inject('redisUrl'));
  prefix = testRedisPrefix();
  await new Promise((resolve) => redis.once('ready', resolve));
});

afterAll(async () => {
  await deleteRedisKeys(redis, prefix);
  redis.disconnect();
});

const sandbox = (options: Partial<ConstructorParameters<typeof SandboxGameProvider>[0]> = {}) =>
  new SandboxGameProvider({ redis, prefix, ...options });

/** A player of a game whose first field is a player id; a Steam account by its login. */
const playerOf = (game: string, id: string) => ({ game, fields: [{ key: 'player_id', value: id }] });
const steamLogin = (login: string) => ({ game: 'steam', fields: [{ key: 'login', value: login }] });

let counter = 0;
/** A fresh existing player id per test, so records never collide. */
const playerId = (suffix = '7') => `${100_000 + (counter += 1)}${suffix}`;

describe('checkPlayer', () => {
  it('finds ids of 6 to 12 digits not ending in 0, named after their last 4 digits', async () => {
    const games = sandbox();
    expect(await games.checkPlayer(playerOf('freefire', '123456'))).toEqual({ found: true, nickname: 'Player3456' });
    expect(await games.checkPlayer(playerOf('pubg', '123456789012'))).toEqual({ found: true, nickname: 'Player9012' });
    expect(await games.checkPlayer(playerOf('pubg', '5551234513'))).toEqual({ found: true, nickname: 'Player4513' });
    for (const unknown of ['12345', '1234567890123', '1234560', 'abc123456', '12345 6', '']) {
      expect(await games.checkPlayer(playerOf('freefire', unknown)), unknown).toEqual({ found: false });
    }
  });

  it('finds Steam logins of 3 to 64 letters, digits and underscores', async () => {
    const games = sandbox();
    expect(await games.checkPlayer(steamLogin('gabe_N1'))).toEqual({ found: true, nickname: 'gabe_N1' });
    for (const unknown of ['ab', 'has space', 'dash-name', 'x'.repeat(65)]) {
      expect(await games.checkPlayer(steamLogin(unknown)), unknown).toEqual({ found: false });
    }
  });

  it('takes its configured latency', async () => {
    const started = Date.now();
    await sandbox({ latencyMs: 120 }).checkPlayer(playerOf('pubg', '123456'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('deliver', () => {
  it('credits once per idempotency key, however often and concurrently it is sent', async () => {
    const games = sandbox();
    const player = playerId();
    const request = { account: playerOf('freefire', player), offer: { id: 101, amount: 100, unit: 'diamonds' }, idempotencyKey: `order:${player}` };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => games.deliver(request)));
    const first = outcomes[0]!;
    expect(first).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^SBX-[0-9A-F]{16}$/) });
    expect(outcomes.every((outcome) => JSON.stringify(outcome) === JSON.stringify(first))).toBe(true);
    // Another process (a fresh instance) sees the same records.
    expect(await sandbox().deliver(request)).toEqual(first);
    const credits = await games.creditsOf('freefire', player);
    expect(credits).toEqual([{ idempotencyKey: `order:${player}`, game: 'freefire', account: player, reference: (first as any).reference, amount: 100, unit: 'diamonds', offerId: 101 }]);
  });

  it('credits Steam logins in minor units of the chosen currency', async () => {
    const games = sandbox();
    const login = `steam_${counter += 1}`;
    const outcome = await games.deliver({ account: steamLogin(login), offer: { id: 0, amount: 1050, unit: 'kzt' }, idempotencyKey: `order:s${counter}` });
    expect(outcome.status).toBe('succeeded');
    expect(await games.creditsOf('steam', login)).toMatchObject([{ amount: 1050, unit: 'kzt' }]);
  });

  it('declines accounts ending in 13 and refuses unknown players, crediting nothing', async () => {
    const games = sandbox();
    const declined = playerId('13');
    expect(await games.deliver({ account: playerOf('freefire', declined), offer: { id: 1, amount: 5, unit: 'diamonds' }, idempotencyKey: `k:${declined}` })).toMatchObject({
      status: 'rejected',
      reason: 'declined',
    });
    expect(await games.deliver({ account: steamLogin('fail13'), offer: { id: 0, amount: 100, unit: 'usd' }, idempotencyKey: 'k:fail13' })).toMatchObject({
      status: 'rejected',
      reason: 'declined',
    });
    expect(await games.deliver({ account: playerOf('freefire', '1234560'), offer: { id: 1, amount: 5, unit: 'diamonds' }, idempotencyKey: 'k:unknown' })).toMatchObject({
      status: 'rejected',
      reason: 'player_not_found',
    });
    expect(await games.creditsOf('freefire', declined)).toEqual([]);
    expect(await games.creditsOf('steam', 'fail13')).toEqual([]);
  });

  it('fails transiently, before crediting, during a simulated outage or at the configured failure rate', async () => {
    const games = sandbox();
    const player = playerId();
    const request = { account: playerOf('freefire', player), offer: { id: 1, amount: 5, unit: 'diamonds' }, idempotencyKey: `k:${player}` };
    games.simulateOutage(2);
    await expect(games.deliver(request)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    await expect(games.checkPlayer(playerOf('freefire', player))).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await games.creditsOf('freefire', player)).toEqual([]);
    expect((await games.deliver(request)).status).toBe('succeeded');

    await expect(sandbox({ failureRate: 1 }).deliver(request)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect((await sandbox({ failureRate: 0.5, random: () => 0.9 }).deliver(request)).status).toBe('succeeded');
    expect(await games.creditsOf('freefire', player)).toHaveLength(1);
  });

  it('reports its records being unreachable as a transient failure', async () => {
    const down = createRedis('redis://127.0.0.1:1');
    down.on('error', () => {});
    try {
      const games = new SandboxGameProvider({ redis: down, prefix });
      await expect(
        games.deliver({ account: playerOf('freefire', '123457'), offer: { id: 1, amount: 5, unit: 'diamonds' }, idempotencyKey: 'k:down' }),
      ).rejects.toBeInstanceOf(GameProviderUnavailableError);
    } finally {
      down.disconnect();
    }
  });
});

describe('redeemCode', () => {
  it('redeems a code once: the same key repeats its outcome, another key finds the code used', async () => {
    const games = sandbox();
    const player = playerId();
    const code = `UC-${player}`;
    const first = await games.redeemCode({ account: playerOf('pubg', player), code, idempotencyKey: `order:1:code:${player}` });
    expect(first.status).toBe('succeeded');
    expect(await games.redeemCode({ account: playerOf('pubg', player), code, idempotencyKey: `order:1:code:${player}` })).toEqual(first);
    expect(await games.redeemCode({ account: playerOf('pubg', playerId()), code, idempotencyKey: `order:2:code:${player}` })).toMatchObject({
      status: 'rejected',
      reason: 'invalid_code',
    });
    expect(await games.creditsOf('pubg', player)).toHaveLength(1);
  });

  it('rejects codes starting with INVALID, and declines players ending in 13', async () => {
    const games = sandbox();
    expect(await games.redeemCode({ account: playerOf('pubg', playerId()), code: 'invalid-0001', idempotencyKey: 'k:inv' })).toMatchObject({
      status: 'rejected',
      reason: 'invalid_code',
    });
    expect(await games.redeemCode({ account: playerOf('pubg', playerId('13')), code: `UC-${counter}`, idempotencyKey: 'k:13' })).toMatchObject({
      status: 'rejected',
      reason: 'declined',
    });
  });
});

describe('createGameProvider', () => {
  it('builds the provider GAME_PROVIDER names and refuses an unknown one', () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), redisPrefix: prefix };
    expect(createGameProvider(config, { redis })).toBeInstanceOf(SandboxGameProvider);
    expect(() => createGameProvider({ ...config, gameProvider: 'acme' }, { redis })).toThrow(/Unknown GAME_PROVIDER "acme"; available: sandbox/);
  });
});
