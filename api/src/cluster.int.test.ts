import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './testing/api-process';
import { startTestApp, type TestApp } from './testing/harness';
import { scrapeMetrics } from './testing/metrics';

const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';
const WAIT = { timeout: 15_000, interval: 100 };
/** An API process starting from the TypeScript sources takes many seconds on a busy machine. */
const START_WAIT = { timeout: 45_000, interval: 200 };

let app: TestApp;
let api: ApiProcess;

beforeAll(async () => {
  app = await startTestApp();
  api = await startApiProcess(app.config, { API_PROCESSES: '2', API_NICENESS: '10', METRICS_TOKEN, ORDER_STREAMS_PER_USER: '1' }, { ownSession: true });
}, 90_000);

afterAll(async () => {
  await api?.kill();
  await app?.close();
});

/**
 * A request on a connection of its own: the primary hands each new connection to the next API
 * process, where fetch would keep reusing one.
 */
function request(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      `${api.baseUrl}${path}`,
      { agent: false, method: options.method ?? 'GET', headers: options.headers, timeout: 5000 },
      resolve,
    );
    sent.once('timeout', () => sent.destroy(new Error(`${path} did not answer in 5 s`)));
    sent.once('error', reject);
    sent.end();
  });
}

/** Which API process answered `GET /api/health` on a new connection. */
async function healthAnsweredBy(): Promise<number> {
  const response = await request('/api/health');
  response.resume();
  expect(response.statusCode).toBe(200);
  return Number(response.headers['x-api-process']);
}

/** The distinct API processes that answered `count` requests on new connections. */
async function processesAnswering(count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let sent = 0; sent < count; sent += 1) pids.add(await healthAnsweredBy());
  return pids;
}

/** The processes `pid` started that are still running (Linux: each one's parent in /proc/<pid>/stat). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // "pid (command) state ppid ...": the command may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

describe('API_PROCESSES=2', () => {
  it('runs two API processes behind one port, neither of them the primary', async () => {
    // The API answers once its first process listens; the second may still be starting.
    await expect.poll(async () => (await processesAnswering(4)).size, START_WAIT).toBe(2);
    const pids = await processesAnswering(4);
    expect(pids.size).toBe(2);
    expect(pids.has(api.pid)).toBe(false);
    // Below the workers (API_NICENESS), the primary and the processes it forked alike;
    // a test run niced lower still is left so. In a session of its own, its scheduler group too.
    for (const pid of [api.pid, ...pids]) expect(getPriority(pid)).toBe(Math.max(10, getPriority()));
    if (existsSync('/proc/self/autogroup')) expect(readFileSync(`/proc/${api.pid}/autogroup`, 'utf8')).toMatch(/ nice 10$/m);
  }, 60_000);

  it('answers a scrape with a counter incremented in both processes added up', async () => {
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const before = (await scrapeMetrics(api, METRICS_TOKEN)).value('http_request_duration_seconds_count', health) ?? 0;
    const pids = await processesAnswering(6);
    expect(pids.size).toBe(2);
    const after = await scrapeMetrics(api, METRICS_TOKEN);
    expect(after.value('http_request_duration_seconds_count', health)).toBe(before + 6);
    // One series for the machine's API, not one per process.
    const series = after.samples('http_request_duration_seconds_count').filter((sample) => sample.labels?.route === '/api/health');
    expect(series.map((sample) => sample.labels?.process)).toEqual([expect.stringMatching(/^api:[^:]+$/)]);
  });

  it("keeps a shopper's stream cap across the two: a stream opened on the other process replaces the first", async () => {
    const shopper = await app.createUser();
    const open = async () => {
      const response = await request('/api/orders/events', { headers: { authorization: `Bearer ${shopper.token}` } });
      expect(response.statusCode).toBe(200);
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      return { pid: Number(response.headers['x-api-process']), text: () => text, close: () => response.destroy() };
    };
    const first = await open();
    let second = await open();
    // Each new connection goes to the next process; a stray request in between could send it back.
    for (let tries = 0; second.pid === first.pid && tries < 5; tries += 1) {
      second.close();
      second = await open();
    }
    expect(second.pid).not.toBe(first.pid);
    await expect.poll(first.text, WAIT).toContain('event: replaced');
    expect(second.text()).not.toContain('event: replaced');
    first.close();
    second.close();
  });

  it('starts another API process in place of one that crashed', async () => {
    await expect.poll(async () => (await processesAnswering(4)).size, START_WAIT).toBe(2);
    const [crashed] = await processesAnswering(2);
    process.kill(crashed!, 'SIGKILL');
    await expect
      .poll(async () => {
        const pids = await processesAnswering(4);
        return pids.size === 2 && !pids.has(crashed!);
      }, START_WAIT)
      .toBe(true);
  }, 60_000);

  it('drains on one SIGTERM: a request in flight is answered, then the primary exits 0', async () => {
    const body = JSON.stringify({ nickname: 'nobody-here', password: 'not-the-password' });
    let exiting: Promise<number | null> | undefined;
    const answered = new Promise<number | undefined>((resolve, reject) => {
      const sent = http.request(`${api.baseUrl}/api/login`, {
        agent: false,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      });
      sent.once('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      sent.once('error', reject);
      // Half the body now, the rest once the stop has begun: the request is in flight throughout.
      sent.write(body.slice(0, 10));
      setTimeout(() => {
        exiting = api.terminate();
        setTimeout(() => sent.end(body.slice(10)), 500);
      }, 300);
    });
    const status = await answered;
    expect(status, api.output()).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await exiting).toBe(0);
  });

  it('exits 0 on a SIGTERM that comes while its API processes are still starting', async () => {
    const starting = await startApiProcess(app.config, { API_PROCESSES: '2' }, { waitUntilReady: false });
    // The primary listens for signals before it forks; its processes take seconds to load their code.
    await expect.poll(() => childrenOf(starting.pid).length, START_WAIT).toBe(2);
    expect(await starting.terminate(), starting.output()).toBe(0);
  }, 60_000);
});
