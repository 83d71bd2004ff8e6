import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prepareAnswer } from '../lib/prepared-answer';
import { answersFromMemoryFirst } from './answers-from-memory';
import { createAccessLog } from './request-context';

const PRODUCTS = Array.from({ length: 40 }, (_, id) => ({ id, title: `Card ${id}` }));

const lines: Array<Record<string, unknown>> = [];
const recorded: Array<[string, string, number]> = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const answer = await prepareAnswer(PRODUCTS);
  const logger = pino(
    { level: 'info', redact: ['password'] },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const handle = answersFromMemoryFirst(
    {
      find: (request) => (request.url === '/api/products' ? { answer, route: '/api/products' } : undefined),
      headers: [['X-Content-Type-Options', 'nosniff']],
      logAccess: createAccessLog(logger),
      recordRequest: (method, route, status) => recorded.push([method, route, status]),
    },
    (_request, response) => response.writeHead(418).end('the app'),
  );
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A GET as a client without a cache of its own sends it: the bytes as they came, headers as asked. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeEach(() => {
  lines.length = 0;
  recorded.length = 0;
});

describe('an answer sent from memory, before the app', () => {
  it('carries the headers of every answer, a request id, and the encoding asked for', async () => {
    const response = await get('/api/products', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(JSON.parse(brotliDecompressSync(response.body).toString())).toEqual(PRODUCTS);
  });

  it('keeps a sane X-Request-Id from the client and replaces any other', async () => {
    const kept = await fetch(`${baseUrl}/api/products`, { headers: { 'x-request-id': 'proxy-id-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-id-12345');
    const replaced = await fetch(`${baseUrl}/api/products`, { headers: { 'x-request-id': 'no way' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 304 with no body to a client holding the same representation', async () => {
    const first = await get('/api/products');
    const again = await get('/api/products', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(recorded.map(([, , status]) => status)).toEqual([200, 304]);
    // One that asks past caches (fetch does when it sets If-None-Match itself) gets the whole answer.
    const pastCaches = await get('/api/products', { 'if-none-match': first.headers.etag!, 'cache-control': 'no-cache' });
    expect(pastCaches.status).toBe(200);
  });

  it('writes its access-log line and counts the request under its route', async () => {
    const response = await fetch(`${baseUrl}/api/products`, { headers: { 'x-request-id': 'logged-request-1' } });
    await response.arrayBuffer();
    expect(lines).toEqual([expect.objectContaining({ requestId: 'logged-request-1', method: 'GET', url: '/api/products', status: 200, msg: 'request' })]);
    expect(recorded).toEqual([['GET', '/api/products', 200]]);
  });

  it('leaves every other request to the app', async () => {
    const response = await fetch(`${baseUrl}/api/orders`);
    expect(response.status).toBe(418);
    expect(await response.text()).toBe('the app');
    expect(lines).toEqual([]);
    expect(recorded).toEqual([]);
  });
});
