import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { GameProviderUnavailableError, SandboxGameProvider } from '../../providers/game';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  // Room for every check this file makes; the limit itself is tested on an app of its own.
  const { rateLimits } = loadConfig({ NODE_ENV: 'test' });
  app = await startTestApp({ rateLimits: { ...rateLimits, playerCheck: { points: 1000, durationSeconds: 60 } } });
});

afterAll(async () => {
  await app.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
/** A player id no other test has looked up (so nothing is cached for it). */
const freshId = (suffix = '7') => `${200_000 + (counter += 1)}${suffix}`;

const freefireCheck = (body: unknown) => app.request('POST', '/api/freefire/check-id', { body });
const pubgCheck = (body: unknown) => app.request('POST', '/api/pubg/check-id', { body });

describe('POST /api/freefire/check-id', () => {
  it('finds a player, anonymously, with the name the game knows', async () => {
    const response = await freefireCheck({ playerID: ' 12345678 ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, player_name: 'Player5678' });
  });

  it('answers 200 with success false for an unknown player', async () => {
    const response = await freefireCheck({ playerID: '12345670' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, error: 'Player not found' });
  });
});

describe('POST /api/pubg/check-id', () => {
  it('finds a player with data.status success', async () => {
    const response = await pubgCheck({ playerID: '5123456789' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { status: 'success', player_name: 'Player6789' } });
  });

  it('answers 200 with data.status not_found for an unknown player', async () => {
    const response = await pubgCheck({ playerID: '12345' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, data: { status: 'not_found' } });
  });
});

describe('player checks', () => {
  it.each([[{}], [{ playerID: '' }], [{ playerID: '   ' }], [{ playerID: 123456 }], [{ playerID: '123456', extra: 1 }], [{ playerID: '1'.repeat(65) }]])(
    'rejects %j with 400',
    async (body) => {
      for (const check of [freefireCheck, pubgCheck]) {
        const response = await check(body);
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('VALIDATION_FAILED');
      }
    },
  );

  it('caches results in Redis: a second look-up does not reach the game, and the games are told apart', async () => {
    const lookups = vi.spyOn(SandboxGameProvider.prototype, 'checkPlayer');
    const id = freshId();
    expect((await freefireCheck({ playerID: id })).body.success).toBe(true);
    expect((await freefireCheck({ playerID: id })).body).toEqual({ success: true, player_name: `Player${id.slice(-4)}` });
    expect(lookups).toHaveBeenCalledTimes(1);
    expect((await pubgCheck({ playerID: id })).body.data.status).toBe('success');
    expect((await pubgCheck({ playerID: id })).body.data.status).toBe('success');
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(lookups.mock.calls).toEqual([
      [{ game: 'freefire', fields: [{ key: 'player_id', value: id }] }],
      [{ game: 'pubg', fields: [{ key: 'player_id', value: id }] }],
    ]);

    const unknown = freshId('0');
    await pubgCheck({ playerID: unknown });
    await pubgCheck({ playerID: unknown });
    expect(lookups).toHaveBeenCalledTimes(3);
    expect(await app.redis.ttl(`${app.config.redisPrefix}:player-check:pubg:${unknown}`)).toBeGreaterThan(0);
    expect(await app.redis.ttl(`${app.config.redisPrefix}:player-check:pubg:${id}`)).toBeGreaterThan(60);
  });

  it('answers 503 SERVICE_UNAVAILABLE while the game is unreachable, and caches nothing', async () => {
    const lookups = vi.spyOn(SandboxGameProvider.prototype, 'checkPlayer').mockRejectedValue(new GameProviderUnavailableError('down'));
    const id = freshId();
    for (const check of [freefireCheck, pubgCheck]) {
      const response = await check({ playerID: id });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(JSON.stringify(response.body)).not.toMatch(/down/);
    }
    lookups.mockRestore();
    expect((await freefireCheck({ playerID: id })).body.success).toBe(true);
  });

  it('is rate limited per client: 429 with Retry-After once the limit is used up', async () => {
    const limited = await startTestApp({ rateLimits: { ...app.config.rateLimits, playerCheck: { points: 3, durationSeconds: 60 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const path = i % 2 === 0 ? '/api/freefire/check-id' : '/api/pubg/check-id';
        statuses.push((await limited.request('POST', path, { body: { playerID: '123456' } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.request('POST', '/api/pubg/check-id', { body: { playerID: '123456' } });
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
