/**
 * Catalogue reads under load against a running store (`npm start` first), beside their own ceiling:
 * a bare node:http server (a child process) answering the very bytes and headers the store sent for
 * each request. The product list, product pages and price options are measured on both the same way
 * (undici, closed loop, a browser's request headers), in alternating rounds so both see the same
 * machine. Prints one JSON line: per endpoint the store's and the bare server's req/s, p50 and p99,
 * and `ratio` = store req/s / bare req/s. BENCH_URL, BENCH_CONCURRENCY, BENCH_SECONDS (one
 * measurement) and BENCH_ROUNDS tune it.
 */
import { fork } from 'node:child_process';
import type { OutgoingHttpHeaders } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { runLoad, type LoadResult } from '../lib/load';
import { assertStoreAnswers, positiveInteger } from '../lib/store';
import type { RecordedAnswer } from './bare-server';

const baseUrl = process.env.BENCH_URL ?? 'http://localhost:3000';
const concurrency = positiveInteger('BENCH_CONCURRENCY', 50);
const seconds = positiveInteger('BENCH_SECONDS', 3);
const rounds = positiveInteger('BENCH_ROUNDS', 3);

/** What a browser sends with the storefront's API calls. */
const REQUEST_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8',
};
/** Connection-level headers the bare server's own node:http writes for itself. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

interface ListedProduct {
  id: number;
  slug: string;
  hasGlobalCodes: boolean;
  regions: Array<{ id: number }>;
}

await assertStoreAnswers(baseUrl);
const store = new Pool(baseUrl, { connections: concurrency });

async function record(path: string): Promise<RecordedAnswer> {
  const response = await store.request({ path, method: 'GET', headers: REQUEST_HEADERS });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !CONNECTION_HEADERS.has(name)) headers[name] = value;
  }
  return { path, status: response.statusCode, headers, body: body.toString('base64') };
}

const listed = (await (await fetch(`${baseUrl}/api/products`)).json()) as ListedProduct[];
const withStock = listed.filter((product) => product.hasGlobalCodes || product.regions.length > 0);
if (withStock.length === 0) throw new Error(`No products with stock at ${baseUrl}: is the demo catalogue seeded?`);
/** Each endpoint's requests, taken in turn: a shopper's browser opens every product, not one. */
const endpoints = {
  list: ['/api/products'],
  slug: withStock.map((product) => `/api/products/slug/${product.slug}`),
  options: withStock.map((product) => `/api/products/${product.id}/codes/${product.hasGlobalCodes ? 0 : product.regions[0]!.id}`),
};
type EndpointName = keyof typeof endpoints;
const recorded = await Promise.all(Object.values(endpoints).flat().map(record));

const bare = fork(fileURLToPath(new URL('./bare-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
const barePort = await new Promise<number>((resolve, reject) => {
  bare.once('message', (message: { port: number }) => resolve(message.port));
  bare.once('exit', (code) => reject(new Error(`The bare server exited with ${code}`)));
  bare.send(recorded);
});
const targets = { store, bare: new Pool(`http://127.0.0.1:${barePort}`, { connections: concurrency }) };
type TargetName = keyof typeof targets;

interface Measurement extends LoadResult {
  /** The load generator's CPU time over the measurement, in % of one core: near 100, it is the limit. */
  generatorCpuPercent: number;
}

async function measure(target: TargetName, endpoint: EndpointName): Promise<Measurement> {
  const paths = endpoints[endpoint];
  const pool = targets[target];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await runLoad({
    concurrency,
    durationMs: seconds * 1000,
    async request(client, iteration) {
      const path = paths[(client + iteration) % paths.length]!;
      const response = await pool.request({ path, method: 'GET', headers: REQUEST_HEADERS });
      await response.body.arrayBuffer();
      return response.statusCode === 200;
    },
  });
  const cpu = process.cpuUsage(cpuBefore);
  const generatorCpuPercent = Math.round(((cpu.user + cpu.system) / 1000 / (performance.now() - started)) * 100);
  return { ...result, generatorCpuPercent };
}

// Unrecorded: both servers' code is compiled and their connections are open before the first round.
for (const endpoint of Object.keys(endpoints) as EndpointName[]) {
  for (const target of Object.keys(targets) as TargetName[]) await measure(target, endpoint);
}

const measurements = new Map<string, Measurement[]>();
for (let round = 0; round < rounds; round += 1) {
  for (const endpoint of Object.keys(endpoints) as EndpointName[]) {
    for (const target of Object.keys(targets) as TargetName[]) {
      const key = `${endpoint}:${target}`;
      measurements.set(key, [...(measurements.get(key) ?? []), await measure(target, endpoint)]);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Over the rounds: the requests per second of all of them, the median p50, the worst p99. */
function summary(runs: Measurement[]) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  return {
    requestsPerSecond: Math.round(requests / (runs.length * seconds)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    generatorCpuPercent: median(runs.map((run) => run.generatorCpuPercent)),
  };
}

const figures = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((endpoint) => {
    const storeFigures = summary(measurements.get(`${endpoint}:store`)!);
    const bareFigures = summary(measurements.get(`${endpoint}:bare`)!);
    const ratio = Math.round((storeFigures.requestsPerSecond / bareFigures.requestsPerSecond) * 100) / 100;
    return [endpoint, { store: storeFigures, bare: bareFigures, ratio, bytes: Buffer.from(recorded.find((answer) => answer.path === endpoints[endpoint][0])!.body, 'base64').length }];
  }),
);

bare.disconnect();
await Promise.all(Object.values(targets).map((pool) => pool.close()));

for (const [endpoint, { store: s, bare: b, ratio }] of Object.entries(figures)) {
  console.warn(`catalogue ${endpoint}: store ${s.requestsPerSecond} req/s (p99 ${s.p99Ms} ms), bare ${b.requestsPerSecond} req/s, ratio ${ratio}`);
}
process.stdout.write(
  `${JSON.stringify({
    benchmark: 'catalogue',
    baseUrl,
    concurrency,
    rounds,
    secondsPerMeasurement: seconds,
    products: withStock.length,
    ...figures,
    loadavg: loadavg().map((load) => Math.round(load * 100) / 100),
  })}\n`,
);
