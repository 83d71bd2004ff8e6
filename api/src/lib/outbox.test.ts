import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/harness';
import { enqueueJob } from './outbox';

let database: TestDatabase;
let listener: pg.Client;
let notifications: number;

beforeAll(async () => {
  database = await createTestDatabase();
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === 'outbox') notifications += 1;
  });
  await listener.query('LISTEN outbox');
});

afterAll(async () => {
  await listener.end();
  await database.drop();
});

/** Notifications arrive asynchronously; a short pause lets any that were sent come in. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('enqueueJob', () => {
  it('writes the outbox row and wakes the relay when the transaction commits', async () => {
    notifications = 0;
    const id = await database.db.transaction(async (trx) => {
      const outboxId = await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: 42 });
      await settle();
      // Postgres holds a notification back until commit.
      expect(notifications).toBe(0);
      return outboxId;
    });
    await settle();
    expect(notifications).toBe(1);
    const row = await database.db('outbox').where({ id }).first();
    expect(row).toMatchObject({ queue: 'fulfilment', job_name: 'fulfil-order', payload: { orderId: 42 }, dispatched_at: null });
  });

  it('leaves neither row nor notification when the transaction rolls back', async () => {
    notifications = 0;
    const before = await database.db('outbox').count({ n: '*' }).first();
    await expect(
      database.db.transaction(async (trx) => {
        await enqueueJob(trx, 'rate-update', 'update-rates', { requestId: 'r-1' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settle();
    expect(notifications).toBe(0);
    expect(await database.db('outbox').count({ n: '*' }).first()).toEqual(before);
  });
});
