import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../types';
import { loggableUrl, requestContext } from './request-context';

/** Everything the access log writes, line by line, as pino writes it. */
const written: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    written.push(chunk.toString());
    done();
  },
});

let server: ReturnType<Koa['listen']>;
let baseUrl: string;

beforeAll(async () => {
  const app = new Koa<AppState>();
  app.use(requestContext(pino({ level: 'info' }, destination)));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends one request and returns the access-log line it produced. */
async function logged(path: string, headers: Record<string, string> = {}): Promise<{ text: string; url: string }> {
  const before = written.length;
  await (await fetch(`${baseUrl}${path}`, { headers })).text();
  const text = written.slice(before).join('');
  return { text, url: (JSON.parse(text) as { url: string }).url };
}

const CODE = 'SECRET-CODE-4711';
const filterQuery = (value: string) => `filter=${encodeURIComponent(JSON.stringify({ q: value }))}`;

describe('the access log', () => {
  it('never holds a code searched in the back-office code lists', async () => {
    for (const list of ['/api/admin/codes', '/api/admin/generated-codes', '/api/pubg-admin/codes', '/API/Admin/Codes', '/api/admin/%63odes']) {
      const line = await logged(`${list}?${filterQuery(CODE)}&range=%5B0%2C24%5D`);
      expect(line.url).toBe(`${list}?[redacted]`);
      expect(line.text).not.toContain(CODE);
      expect(line.text).not.toContain(encodeURIComponent(CODE));
    }
    const oneCode = await logged(`/api/admin/codes/17?q=${CODE}`);
    expect(oneCode.url).toBe('/api/admin/codes/17?[redacted]');
  });

  it('never holds the Authorization header or a token sent in the query', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.secret-token-body.signature';
    const line = await logged(`/api/orders?access_token=${token}&page=2`, { authorization: `Bearer ${token}`, cookie: `session=${token}` });
    expect(line.text).not.toContain(token);
    expect(line.text).not.toContain('secret-token-body');
    expect(line.text.toLowerCase()).not.toContain('authorization');
    expect(line.url).toBe('/api/orders?access_token=[redacted]&page=2');
  });

  it('keeps other URLs as they were sent', async () => {
    expect((await logged('/api/products?search=nova%20pass')).url).toBe('/api/products?search=nova%20pass');
    expect(loggableUrl('/api/admin/orders?filter=%7B%22q%22%3A%2212%22%7D')).toBe('/api/admin/orders?filter=%7B%22q%22%3A%2212%22%7D');
    expect(loggableUrl('/api/health')).toBe('/api/health');
  });
});

describe('the access log of a store serving its web apps', () => {
  const lines: Array<Record<string, unknown>> = [];
  let storeServer: ReturnType<Koa['listen']>;
  let storeUrl: string;

  beforeAll(async () => {
    const app = new Koa<AppState>();
    app.use(
      requestContext(
        pino(
          { level: 'info' },
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
              done();
            },
          }),
        ),
      ),
    );
    app.use((ctx) => {
      // Stands in for the identify guard: a signed-in shopper.
      if (ctx.get('authorization')) ctx.state.user = { id: 42, nickname: 'shopper', role: 'user' };
      if (ctx.path.endsWith('/missing.js')) ctx.status = 404;
      else ctx.body = 'ok';
    });
    storeServer = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => storeServer.once('listening', () => resolve()));
    storeUrl = `http://127.0.0.1:${(storeServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => storeServer.close(() => resolve()));
  });

  it('skips the files of the web apps but keeps API calls, page navigations and failed files', async () => {
    const paths = ['/assets/index-3f2a.js', '/admin/assets/index-9c1b.css', '/images/pubg.svg', '/locales/ru/common.json', '/api/admin/queues/static/main.js'];
    const kept = ['/api/catalogue', '/orders/12', '/admin/', '/assets/missing.js'];
    for (const path of [...paths, ...kept]) await (await fetch(`${storeUrl}${path}`)).text();
    expect(lines.map((line) => line.url)).toEqual(kept);
  });

  it('names the signed-in user', async () => {
    lines.length = 0;
    await (await fetch(`${storeUrl}/api/orders`, { headers: { authorization: 'Bearer token' } })).text();
    await (await fetch(`${storeUrl}/api/catalogue`)).text();
    expect(lines.map((line) => line.userId)).toEqual([42, undefined]);
  });
});
