import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueChanges, createCodeGenerationService, createLogger, type Logger } from '@topup/api';
import { createCodeCrypto } from '@topup/server-kit';
import type { QueuePayloads } from '@topup/common';
import { createFixtures, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { startWorkers } from '../index';
import { createCodeGenerationProcessor } from './code-generation.processor';

type GenerationJob = Job<QueuePayloads['code-generation']>;

const CODE_FORMAT = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}(-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}){3}$/;

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let admin: TestUser;
let productId: number;
const logger: Logger = createLogger('silent', 'generation-test');

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  admin = await app.createUser({ role: 'admin' });
  // The Free Fire game's product, which every store has.
  productId = (await app.db('products').where({ slug: 'freefire' }).first('id')).id;
});

afterAll(async () => {
  await app?.close();
});

/** An admin's generation request through the API; resolves to the job payload the outbox holds for it. */
async function requestCodes(count: number, offer?: { id: number }) {
  const denomination = offer ?? (await fixtures.freefireOffer({ priceUsd: 299, priceRub: 23_621, gameAmount: 310 }));
  const response = await app.request('POST', '/api/admin/generated-codes/generate', {
    token: admin.token,
    body: { denominationId: denomination.id, count },
  });
  expect(response.status).toBe(202);
  const [outbox] = await app.db('outbox').where({ queue: 'code-generation' }).whereRaw(`payload->>'requestId' = ?`, [response.body.id]);
  return outbox.payload as QueuePayloads['code-generation'];
}

/** A job as BullMQ hands it to the processor: attempt `attemptsMade + 1` of 5. */
const jobOf = (data: QueuePayloads['code-generation'], attemptsMade = 0) =>
  ({ data, attemptsMade, opts: { attempts: 5 } }) as unknown as GenerationJob;

const codesOf = (requestId: string) => app.db('stock_codes').where({ source: 'generated' }).where({ generation_request_id: requestId });
const requestRow = (requestId: string) =>
  app.db('code_generation_requests').where({ id: requestId }).first('count', 'generated', 'status', 'error', 'finished_at');

describe('the code-generation processor', () => {
  it('generates 10 000 unique, unpublished codes priced as the denomination, and completes the request', async () => {
    const payload = await requestCodes(10_000);
    const processor = createCodeGenerationProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });

    const outcome = await processor(jobOf(payload));
    expect(outcome).toEqual({ requestId: payload.requestId, status: 'completed', generated: 10_000, count: 10_000 });

    expect(await requestRow(payload.requestId)).toEqual({
      count: 10_000,
      generated: 10_000,
      status: 'completed',
      error: null,
      finished_at: expect.any(Date),
    });
    const [stats] = await codesOf(payload.requestId).select(
      app.db.raw('count(*)::int as codes'),
      app.db.raw('count(distinct code_hash)::int as hashes'),
      app.db.raw('count(*) filter (where published)::int as published'),
      app.db.raw(`count(*) filter (where status <> 'available')::int as unavailable`),
      app.db.raw('count(distinct (denomination_id, product_id, game_amount, price_usd, price_rub))::int as listings'),
    );
    expect(stats).toEqual({ codes: 10_000, hashes: 10_000, published: 0, unavailable: 0, listings: 1 });
    expect(await codesOf(payload.requestId).first('denomination_id', 'product_id', 'game_amount', 'price_usd', 'price_rub')).toEqual({
      denomination_id: payload.denominationId,
      product_id: productId,
      game_amount: 310,
      price_usd: 299,
      price_rub: 23_621,
    });

    // Stored encrypted; each decrypts to a code in the unambiguous format, all distinct, hashed by the store's key.
    const crypto = createCodeCrypto(app.config.codesKey);
    const sample = await codesOf(payload.requestId).orderBy('id').limit(500).select('code_encrypted', 'code_hash');
    const clear = sample.map((row) => crypto.decrypt(row.code_encrypted));
    expect(clear.every((code) => CODE_FORMAT.test(code))).toBe(true);
    expect(new Set(clear).size).toBe(500);
    expect(sample.every((row, index) => row.code_hash === crypto.hash(clear[index]!))).toBe(true);

    // Shoppers see none of them until an admin publishes them.
    const offered = async () =>
      ((await app.request('GET', `/api/products/${productId}/codes/0`)).body as Array<{ game_amount: number; price_usd: number; available_count: number }>).find(
        (option) => option.game_amount === 310 && option.price_usd === 2.99,
      );
    expect(await offered()).toBeUndefined();
    const published = await app.request('POST', '/api/admin/generated-codes/publish', {
      token: admin.token,
      body: { generationRequestId: payload.requestId, published: true },
    });
    expect(published.body).toEqual({ updated: 10_000 });
    expect((await offered())?.available_count).toBe(10_000);

    // Delivered again (a duplicate after completion): nothing more.
    expect(await processor(jobOf(payload, 1))).toMatchObject({ status: 'completed', generated: 10_000 });
    expect(await codesOf(payload.requestId).count('* as n').first()).toEqual({ n: 10_000 });
  });

  it('duplicated jobs running at once take turns and never exceed the count', async () => {
    const payload = await requestCodes(2_345);
    const generation = () =>
      createCodeGenerationService({ db: app.db, codeCrypto: createCodeCrypto(app.config.codesKey), logger, batchSize: 200 });
    const outcomes = await Promise.all([generation().generate(payload.requestId), generation().generate(payload.requestId), generation().generate(payload.requestId)]);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'completed', generated: 2_345, count: 2_345 });
    expect(await codesOf(payload.requestId).count('* as n').first()).toEqual({ n: 2_345 });
    expect(await requestRow(payload.requestId)).toMatchObject({ generated: 2_345, status: 'completed' });
  });

  it('a job retried after a failure continues from its progress', async () => {
    const payload = await requestCodes(1_000);
    const realCrypto = createCodeCrypto(app.config.codesKey);
    let encrypted = 0;
    // Fails part-way through the third batch of 300.
    const failingCrypto = {
      ...realCrypto,
      encrypt(code: string) {
        encrypted += 1;
        if (encrypted > 700) throw new Error('Encryption key store unavailable');
        return realCrypto.encrypt(code);
      },
    };
    const failing = createCodeGenerationService({ db: app.db, codeCrypto: failingCrypto, logger, batchSize: 300 });
    await expect(failing.generate(payload.requestId)).rejects.toThrow('Encryption key store unavailable');
    // The two committed batches stay; the broken one left nothing behind.
    expect(await requestRow(payload.requestId)).toMatchObject({ generated: 600, status: 'running', error: 'Encryption key store unavailable' });
    expect(await codesOf(payload.requestId).count('* as n').first()).toEqual({ n: 600 });

    const retried = createCodeGenerationService({ db: app.db, codeCrypto: realCrypto, logger, batchSize: 300 });
    expect(await retried.generate(payload.requestId)).toMatchObject({ status: 'completed', generated: 1_000 });
    expect(await requestRow(payload.requestId)).toMatchObject({ generated: 1_000, status: 'completed', error: null });
    expect(await codesOf(payload.requestId).count('* as n').first()).toEqual({ n: 1_000 });
  });

  it('marks the request failed when the last attempt fails, and when the Free Fire product is gone', async () => {
    const payload = await requestCodes(10);
    const broken = { ...createCodeCrypto(app.config.codesKey), hash: () => { throw new Error('Hashing failed'); } };
    const generation = createCodeGenerationService({ db: app.db, codeCrypto: broken, logger });
    await expect(generation.generate(payload.requestId, { finalAttempt: true })).rejects.toThrow('Hashing failed');
    expect(await requestRow(payload.requestId)).toMatchObject({ status: 'failed', error: 'Hashing failed', generated: 0, finished_at: expect.any(Date) });

    const orphan = await requestCodes(10);
    await app.db('products').where({ id: productId }).update({ slug: 'freefire-archived' });
    try {
      const processor = createCodeGenerationProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
      expect(await processor(jobOf(orphan))).toMatchObject({ status: 'failed' });
      expect(await requestRow(orphan.requestId)).toMatchObject({ status: 'failed', error: 'The Free Fire product no longer exists' });
    } finally {
      await app.db('products').where({ id: productId }).update({ slug: 'freefire' });
    }
  });

  it('runs in the workers process: the request goes from the outbox to completed', async () => {
    const workers = await startWorkers(app.config, logger);
    try {
      const payload = await requestCodes(1_500);
      await vi.waitFor(async () => expect(await requestRow(payload.requestId)).toMatchObject({ status: 'completed', generated: 1_500 }), {
        timeout: 20_000,
        interval: 100,
      });
      expect(await codesOf(payload.requestId).count('* as n').first()).toEqual({ n: 1_500 });
      const progress = await app.request('GET', `/api/admin/generated-codes/requests/${payload.requestId}`, { token: admin.token });
      expect(progress.body).toMatchObject({ status: 'completed', generated: 1_500, count: 1_500, finishedAt: expect.any(String) });
    } finally {
      await workers.close();
    }
  });
});
