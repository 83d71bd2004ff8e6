import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pruneOutbox, traceFields } from '@topup/api';
import { scrapeMetrics, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { startWorkers } from './index';
import { processorFactories } from './processors';

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.createUser({ role: 'admin' });
});

afterAll(async () => {
  await app?.close();
});

/** A workers logger as the workers process makes it (traced), writing its lines here. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'debug', mixin: traceFields }, destination) };
}

describe('a job caused by a request', () => {
  it('carries the request id from the outbox row into every worker log line about it', async () => {
    processorFactories['rate-update'] = ({ logger }) => async () => {
      logger.info('Refreshing the rates');
    };
    const { lines, logger } = capturedLogger();
    const workers = await startWorkers(app.config, logger, 'workers:trace-test');
    try {
      const requestId = `refresh-request-${Date.now()}`;
      const refreshed = await app.request('POST', '/api/admin/currency-rates/refresh', { token: admin.token, headers: { 'x-request-id': requestId } });
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBeLessThan(300);
      const row = await app.db('outbox').where({ queue: 'rate-update' }).orderBy('id', 'desc').first();
      expect(row.origin_request_id).toBe(requestId);

      // The schedules' jobs run too: look at this queue's lines.
      const completed = () => lines.find((line) => line.msg === 'Job completed' && line.queue === 'rate-update');
      await vi.waitFor(() => expect(completed()).toBeDefined(), { timeout: 10_000 });
      const processorLine = lines.find((line) => line.msg === 'Refreshing the rates');
      expect(processorLine).toMatchObject({ requestId, jobId: row.job_id, queue: 'rate-update' });
      expect(completed()).toMatchObject({ requestId, jobId: row.job_id });

      // The workers process's metrics reach the API's scrape, under its own process label.
      await vi.waitFor(
        async () => {
          const scrape = await scrapeMetrics(app, admin.token);
          expect(scrape.value('job_duration_seconds_count', { process: 'workers:trace-test', queue: 'rate-update', outcome: 'completed' })).toBe(1);
          expect(scrape.value('process_cpu_user_seconds_total', { process: 'workers:trace-test' })).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 250 },
      );
    } finally {
      await workers.close();
      delete processorFactories['rate-update'];
    }
    // Stopped, it leaves no series behind.
    const scrape = await scrapeMetrics(app, admin.token);
    expect(scrape.samples('job_duration_seconds_count').filter((sample) => sample.labels?.process === 'workers:trace-test')).toEqual([]);
  });
});

describe('outbox pruning', () => {
  it('deletes dispatched rows past their retention, in batches, and keeps the rest', async () => {
    const row = (dispatchedDaysAgo: number | null, createdDaysAgo = 30) => ({
      queue: 'fulfilment',
      job_name: 'fulfil-order',
      payload: { orderId: 1 },
      created_at: app.db.raw(`now() - make_interval(days => ?)`, [createdDaysAgo]),
      dispatched_at: dispatchedDaysAgo === null ? null : app.db.raw(`now() - make_interval(days => ?)`, [dispatchedDaysAgo]),
    });
    const old = await app.db('outbox').insert([row(8), row(9), row(10)]).returning('id');
    const kept = await app.db('outbox').insert([row(6), row(null)]).returning('id');

    expect(await pruneOutbox(app.db, 7, 2)).toBe(3);
    expect(await app.db('outbox').whereIn('id', old.map((r) => r.id)).count({ count: '*' }).first()).toEqual({ count: 0 });
    expect(await app.db('outbox').whereIn('id', kept.map((r) => r.id)).count({ count: '*' }).first()).toEqual({ count: 2 });
    // Run again (the schedule fires hourly): nothing more to do.
    expect(await pruneOutbox(app.db, 7)).toBe(0);
  });
});
