import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createFixtures, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { supervise } from './supervise';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Long enough for the stop to arrive while the game provider is still answering. */
const GAME_LATENCY_MS = 600;

let app: TestApp;
let shopper: TestUser;
let offer: { itemId: number };

beforeAll(async () => {
  app = await startTestApp();
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate();
  shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 100_000);
  offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
});

afterAll(async () => {
  await app?.close();
});

/**
 * The workers process as `npm start` runs it (through the supervisor), stopped by one Ctrl+C / kill
 * of the process group while a job runs: the signal reaches the supervisor twice at once (directly
 * and through npm), which used to reach the workers as "Second signal" and drop the job.
 */
it('one SIGTERM drains the running job, ten times over', { timeout: 180_000 }, async () => {
  for (let round = 1; round <= 10; round += 1) {
    let output = '';
    const supervisor = supervise({
      services: [{ name: 'workers', command: process.execPath, args: ['--import', 'tsx', 'workers/src/index.ts'] }],
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'debug',
        DATABASE_URL: app.config.databaseUrl,
        REDIS_URL: app.config.redisUrl,
        REDIS_PREFIX: app.config.redisPrefix,
        GAME_PROVIDER_LATENCY_MS: String(GAME_LATENCY_MS),
      },
      onOutput: (chunk) => (output += chunk),
      report: (line) => (output += `${line}\n`),
    });

    const placed = await app.request('POST', '/api/orders/topup', {
      token: shopper.token,
      body: { topupData: { service: 'freefire', player_id: `77${round}001`, offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 }, currency: 'usd' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await vi.waitFor(() => expect(output).toMatch(/"queue":"fulfilment".*"msg":"Job started"/), { timeout: 30_000, interval: 50 });

    supervisor.stop('SIGTERM');
    supervisor.stop('SIGTERM');
    expect(await supervisor.stopped, output).toBe(0);
    expect(output).not.toContain('Second signal');
    const order = await app.request('GET', `/api/orders/${placed.body.orderId}`, { token: shopper.token });
    expect(order.body.status, output).toBe('completed');
  }
});
