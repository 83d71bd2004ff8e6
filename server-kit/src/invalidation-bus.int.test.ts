import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@topup/api/testing';
import { createRedis } from '@topup/api/redis';
import { createInvalidationBus, type InvalidationBus, type InvalidationTopics } from './invalidation-bus';

let database: TestDatabase;
const prefix = testRedisPrefix();
const connections = [createRedis(inject('redisUrl')), createRedis(inject('redisUrl'))];
const errors: Error[] = [];
const [busA, busB] = connections.map((redis) =>
  createInvalidationBus({ redis, prefix, onError: (err) => errors.push(err) }),
) as [InvalidationBus, InvalidationBus];

function collect(bus: InvalidationBus): Array<InvalidationTopics['catalogue']> {
  const seen: Array<InvalidationTopics['catalogue']> = [];
  bus.subscribe('catalogue', (message) => seen.push(message));
  return seen;
}

const seenByA = collect(busA);
const seenByB = collect(busB);

/** Waits for pub/sub to carry a message across, failing after a second. */
async function eventually(check: () => void): Promise<void> {
  const deadline = Date.now() + 1000;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await Promise.all([busA.ready(), busB.ready()]);
});

afterAll(async () => {
  await Promise.all([busA.close(), busB.close()]);
  for (const redis of connections) redis.disconnect();
  await database.drop();
});

describe('invalidation bus', () => {
  it('drops a change in the publishing process at once and in every other process through Redis', async () => {
    seenByA.length = 0;
    seenByB.length = 0;
    const published = busA.publish('catalogue', { productId: 7 });
    expect(seenByA).toEqual([{ productId: 7 }]);
    await published;
    await eventually(() => expect(seenByB).toEqual([{ productId: 7 }]));
    // The publisher does not apply its own message a second time when Redis echoes it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenByA).toEqual([{ productId: 7 }]);
  });

  it('publishes a change made in a transaction only once it commits', async () => {
    seenByA.length = 0;
    seenByB.length = 0;
    await database.db.transaction(async (trx) => {
      await trx.savepoint(async (inner) => {
        busA.publishAfterCommit(inner, 'catalogue', { productId: 8 });
        await inner.raw('select 1');
      });
      await trx.raw('select 1');
      // Released savepoint, outer transaction still open: nobody has been told yet.
      expect(seenByA).toEqual([]);
    });
    await eventually(() => expect(seenByB).toEqual([{ productId: 8 }]));
    expect(seenByA).toEqual([{ productId: 8 }]);
  });

  it('publishes a change made outside any transaction at once, as it has committed', async () => {
    seenByA.length = 0;
    seenByB.length = 0;
    busA.publishAfterCommit(database.db, 'catalogue', { productId: 11 });
    expect(seenByA).toEqual([{ productId: 11 }]);
    await eventually(() => expect(seenByB).toEqual([{ productId: 11 }]));
  });

  it('publishes nothing for a transaction that rolls back', async () => {
    seenByA.length = 0;
    seenByB.length = 0;
    await expect(
      database.db.transaction(async (trx) => {
        busA.publishAfterCommit(trx, 'catalogue', { productId: 9 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await busA.publish('catalogue', { productId: 10 });
    await eventually(() => expect(seenByB).toEqual([{ productId: 10 }]));
    expect(seenByA).toEqual([{ productId: 10 }]);
    expect(errors).toEqual([]);
  });
});
