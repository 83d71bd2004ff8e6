import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueChanges, createCbrRatesProvider, createLogger, createRateUpdateService, createRedis, type Logger, type RatesProvider } from '@topup/api';
import type { QueuePayloads } from '@topup/common';
import { createFixtures, recordedCbrDaily, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { createQueues } from '../queues';
import { schedulesFor, startSchedules } from '../schedules';
import { createRateUpdateProcessor } from './rate-update.processor';

type RateJob = Job<QueuePayloads['rate-update']>;

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let admin: TestUser;
const logger: Logger = createLogger('silent', 'rate-update-test');

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  admin = await app.createUser({ role: 'admin' });
});

afterAll(async () => {
  await app?.close();
});

/** Rates that differ from every source's, one of them kept by hand (auto_update off). */
beforeEach(async () => {
  await app.db('currency_rates').delete();
  await app.db('currency_rates').insert([
    { from_currency: 'usd', to_currency: 'rub', rate: '80', auto_update: true },
    { from_currency: 'usd', to_currency: 'kzt', rate: '500', auto_update: false },
    { from_currency: 'usd', to_currency: 'uzs', rate: '12000', auto_update: true },
  ]);
  await app.db('currency_settings').insert({ id: 1, rates_auto_update: true }).onConflict('id').merge(['rates_auto_update']);
});

const ratesNow = async () =>
  Object.fromEntries(
    (await app.db('currency_rates').orderBy('id').select('from_currency', 'to_currency', 'rate')).map((row) => [
      `${row.from_currency}->${row.to_currency}`,
      row.rate,
    ]),
  );

/** What the sandbox's fixed table gives the auto-update rows; usd->kzt is kept by hand. */
const SANDBOX_RESULT = {
  'usd->rub': '79.000000',
  'usd->kzt': '500.000000',
  'usd->uzs': '12650.000000',
};

/** A run of the 09:00 schedule as the job scheduler creates it: due at `dueAt`, attempt 1 of 5. */
const scheduledJob = (dueAt: string, attemptsMade = 0) =>
  ({
    data: { schedule: 'daily' },
    opts: { prevMillis: Date.parse(dueAt), attempts: 5 },
    timestamp: Date.parse(dueAt) - 1000,
    attemptsMade,
  }) as unknown as RateJob;

const runsOf = (runKey: string) => app.db('rate_update_runs').where({ run_key: runKey }).select('status', 'trigger', 'updated', 'provider', 'error');
const refreshAudits = () => app.db('audit_log').where({ action: 'currency_rate.refresh' }).orderBy('id');

describe('the rate-update processor', () => {
  it('a scheduled run updates only the auto-update rates from the sandbox, once, audited as the store', async () => {
    const processor = createRateUpdateProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const auditsBefore = (await refreshAudits()).length;

    // 09:00 Moscow on 10 March 2031 is 06:00 UTC; the run is keyed by the Moscow date.
    expect(await processor(scheduledJob('2031-03-10T06:00:00Z'))).toEqual({ runKey: 'scheduled:2031-03-10', status: 'completed', updated: 2 });
    expect(await ratesNow()).toEqual(SANDBOX_RESULT);
    expect(await runsOf('scheduled:2031-03-10')).toEqual([{ status: 'completed', trigger: 'scheduled', updated: 2, provider: 'sandbox', error: null }]);
    const audits = await refreshAudits();
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({ actor_id: null, entity: 'currency_rate', request_id: 'rate-update:scheduled:2031-03-10' });
    expect(audits.at(-1).before).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'usd', to: 'rub', rate: '80.000000' })]));
    expect(audits.at(-1).after.rates).toHaveLength(2);
  });

  it('the schedule fired twice for one date updates once: one run row, one audit row', async () => {
    const processor = createRateUpdateProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const auditsBefore = (await refreshAudits()).length;

    await processor(scheduledJob('2031-03-11T06:00:00Z'));
    // An admin sets a rate by hand after the run; a late duplicate of that run must not undo it.
    await fixtures.rate('usd', 'rub', '78.5');
    expect(await processor(scheduledJob('2031-03-11T06:00:00Z', 1))).toMatchObject({ status: 'completed', updated: 2 });
    expect((await ratesNow())['usd->rub']).toBe('78.500000');
    expect(await runsOf('scheduled:2031-03-11')).toHaveLength(1);
    expect(await refreshAudits()).toHaveLength(auditsBefore + 1);
  });

  it('fired twice at the same moment, the two runs take turns: one update', async () => {
    const processor = createRateUpdateProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const auditsBefore = (await refreshAudits()).length;
    const outcomes = await Promise.all([processor(scheduledJob('2031-03-12T06:00:00Z')), processor(scheduledJob('2031-03-12T06:00:00Z'))]);
    expect(outcomes).toEqual([
      { runKey: 'scheduled:2031-03-12', status: 'completed', updated: 2 },
      { runKey: 'scheduled:2031-03-12', status: 'completed', updated: 2 },
    ]);
    expect(await ratesNow()).toEqual(SANDBOX_RESULT);
    expect(await runsOf('scheduled:2031-03-12')).toHaveLength(1);
    expect(await refreshAudits()).toHaveLength(auditsBefore + 1);
  });

  it('two jobs of one date on two Worker instances update once', async () => {
    const config = { ...app.config, redisPrefix: `${app.config.redisPrefix}:two-workers` };
    const queues = createQueues(config, logger);
    const connections = [createRedis(config.redisUrl, { forQueues: true }), createRedis(config.redisUrl, { forQueues: true })];
    const workers = connections.map(
      (connection) =>
        new Worker<QueuePayloads['rate-update']>('rate-update', createRateUpdateProcessor({ config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) }), {
          connection,
          prefix: config.redisPrefix,
          concurrency: 2,
        }),
    );
    const auditsBefore = (await refreshAudits()).length;
    try {
      const dueAt = Date.parse('2031-03-13T06:00:00Z');
      const jobs = await Promise.all(
        ['first', 'second'].map((id) => queues.byName['rate-update'].add('refresh-rates', { schedule: 'daily' }, { jobId: `daily-${id}`, prevMillis: dueAt })),
      );
      await vi.waitFor(
        async () => {
          const states = await Promise.all(jobs.map((job) => job.getState()));
          expect(states).toEqual(['completed', 'completed']);
        },
        { timeout: 15_000, interval: 100 },
      );
      const finished = await Promise.all(jobs.map((job) => queues.byName['rate-update'].getJob(job.id!)));
      expect(finished.map((job) => job?.returnvalue)).toEqual([
        { runKey: 'scheduled:2031-03-13', status: 'completed', updated: 2 },
        { runKey: 'scheduled:2031-03-13', status: 'completed', updated: 2 },
      ]);
      expect(await ratesNow()).toEqual(SANDBOX_RESULT);
      expect(await runsOf('scheduled:2031-03-13')).toHaveLength(1);
      expect(await refreshAudits()).toHaveLength(auditsBefore + 1);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
      for (const connection of connections) connection.disconnect();
      await queues.close();
    }
  });

  it('a scheduled run does nothing while automatic updates are switched off; a manual refresh still runs', async () => {
    await app.db('currency_settings').where({ id: 1 }).update({ rates_auto_update: false });
    const processor = createRateUpdateProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const before = await ratesNow();
    expect(await processor(scheduledJob('2031-03-14T06:00:00Z'))).toEqual({ runKey: 'scheduled:2031-03-14', status: 'skipped', updated: 0 });
    expect(await ratesNow()).toEqual(before);
    expect(await runsOf('scheduled:2031-03-14')).toEqual([expect.objectContaining({ status: 'skipped', updated: 0 })]);

    const refresh = await app.request('POST', '/api/admin/currency-rates/refresh', { token: admin.token });
    expect(refresh.status).toBe(202);
    const [outbox] = await app.db('outbox').where({ queue: 'rate-update' }).whereRaw(`payload->>'requestId' = ?`, [refresh.body.requestId]);
    const manual = { data: outbox.payload, opts: { attempts: 5 }, attemptsMade: 0, timestamp: Date.now() } as unknown as RateJob;
    expect(await processor(manual)).toMatchObject({ status: 'completed', updated: 2 });
    expect(await ratesNow()).toEqual(SANDBOX_RESULT);
    // Its retry changes nothing more.
    expect(await processor(manual)).toMatchObject({ status: 'completed', updated: 2 });
    expect(await refreshAudits().where({ actor_id: admin.id })).toHaveLength(1);
  });

  it('a job naming no recorded request does nothing', async () => {
    const processor = createRateUpdateProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const stray = { data: { requestId: 'not-a-request' }, opts: {}, attemptsMade: 0, timestamp: Date.now() } as unknown as RateJob;
    const before = await ratesNow();
    expect(await processor(stray)).toEqual({ runKey: 'manual:not-a-request', status: 'unknown', updated: 0 });
    expect(await ratesNow()).toEqual(before);
  });
});

describe('the rate update from the Central Bank of Russia feed', () => {
  let server: Server;
  let answer: { status: number; body: Uint8Array | string };
  let cbr: RatesProvider;

  beforeAll(async () => {
    answer = { status: 200, body: recordedCbrDaily() };
    server = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/xml; charset=windows-1251' });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cbr = createCbrRatesProvider({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp` });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('sets the auto-update rates from the recorded feed, nominals divided out', async () => {
    const rateUpdate = createRateUpdateService({ db: app.db, rates: cbr, logger });
    expect(await rateUpdate.run({ kind: 'scheduled', firedAt: new Date('2031-04-01T06:00:00Z') })).toMatchObject({ status: 'completed', updated: 2 });
    expect(await ratesNow()).toEqual({
      'usd->rub': '80.983400',
      'usd->kzt': '500.000000',
      'usd->uzs': '12045.705718',
    });
    expect(await runsOf('scheduled:2031-04-01')).toEqual([expect.objectContaining({ provider: 'cbr', updated: 2 })]);
  });

  it('keeps the rates when the feed is down: the error is noted, and the run fails on its last attempt', async () => {
    answer = { status: 502, body: 'Bad Gateway' };
    try {
      const rateUpdate = createRateUpdateService({ db: app.db, rates: cbr, logger });
      const before = await ratesNow();
      const due = { kind: 'scheduled' as const, firedAt: new Date('2031-04-02T06:00:00Z') };
      await expect(rateUpdate.run(due)).rejects.toThrow(/HTTP 502/);
      expect(await runsOf('scheduled:2031-04-02')).toEqual([expect.objectContaining({ status: 'queued', error: 'cbr: The rates feed answered HTTP 502' })]);
      await expect(rateUpdate.run(due, { finalAttempt: true })).rejects.toThrow(/HTTP 502/);
      expect(await runsOf('scheduled:2031-04-02')).toEqual([expect.objectContaining({ status: 'failed' })]);
      expect(await ratesNow()).toEqual(before);
    } finally {
      answer = { status: 200, body: recordedCbrDaily() };
    }
  });
});

describe('the daily rate-update schedule', () => {
  it('is one job scheduler at 09:00 Moscow time however many processes put it in place', async () => {
    const daily = schedulesFor(app.config).find((schedule) => schedule.id === 'rate-update-daily');
    expect(daily).toMatchObject({ queue: 'rate-update', timing: { cron: '0 9 * * *', tz: 'Europe/Moscow' }, data: { schedule: 'daily' } });

    const config = { ...app.config, redisPrefix: `${app.config.redisPrefix}:schedules` };
    const processes = [createQueues(config, logger), createQueues(config, logger)];
    try {
      await Promise.all(processes.map((queues) => startSchedules(queues, logger, schedulesFor(config)).ready));
      await startSchedules(processes[0]!, logger, schedulesFor(config)).ready;

      const queue = processes[0]!.byName['rate-update'];
      expect(await queue.getJobSchedulers()).toEqual([
        expect.objectContaining({ key: 'rate-update-daily', pattern: '0 9 * * *', tz: 'Europe/Moscow', name: 'refresh-rates' }),
      ]);
      const pending = await queue.getJobs(['delayed', 'waiting']);
      expect(pending).toHaveLength(1);
      const dueAt = new Date(pending[0]!.opts.prevMillis!);
      // 09:00 in Moscow (UTC+3, no daylight saving) is 06:00 UTC.
      expect([dueAt.getUTCHours(), dueAt.getUTCMinutes(), dueAt.getUTCSeconds()]).toEqual([6, 0, 0]);
      expect(dueAt.getTime()).toBeGreaterThan(Date.now());
      expect(dueAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
      expect(pending[0]!.data).toEqual({ schedule: 'daily' });
      expect(pending[0]!.opts.attempts).toBe(5);
    } finally {
      await Promise.all(processes.map((queues) => queues.close()));
    }
  });
});
