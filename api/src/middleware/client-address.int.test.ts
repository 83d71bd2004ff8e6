import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { clientAddressOptions } from './client-address';

/** What `ctx.ip` is for each X-Forwarded-For, on a bare Koa app set up as createApp sets up its own. */
async function addressesSeen(trustProxyHops: number, headers: Array<string | undefined>): Promise<string[]> {
  const app = new Koa(clientAddressOptions(trustProxyHops));
  app.use((ctx) => {
    ctx.body = ctx.ip;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const seen: string[] = [];
    for (const forwardedFor of headers) {
      const response = await fetch(baseUrl, { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
      seen.push(await response.text());
    }
    return seen;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('the client address from trusted hops', () => {
  const socket = '127.0.0.1';
  const headers = [undefined, '203.0.113.7', '198.51.100.1, 203.0.113.7', '1.1.1.1, 198.51.100.1, 203.0.113.7'];

  it('with 0 hops is always the socket address', async () => {
    expect(await addressesSeen(0, headers)).toEqual([socket, socket, socket, socket]);
  });

  it('with 1 hop is the entry the proxy appended, whatever the client wrote before it', async () => {
    expect(await addressesSeen(1, headers)).toEqual([socket, '203.0.113.7', '203.0.113.7', '203.0.113.7']);
  });

  it('with 2 hops is the second entry from the right, else the furthest one there is', async () => {
    expect(await addressesSeen(2, headers)).toEqual([socket, '203.0.113.7', '198.51.100.1', '198.51.100.1']);
  });
});

/** Register's limit of refused bodies (30 per address) as the witness of which address a request is counted against. */
describe('rate limits key on the trusted address', () => {
  const apps = new Map<number, TestApp>();

  beforeAll(async () => {
    for (const hops of [0, 1, 2]) apps.set(hops, await startTestApp({ trustProxyHops: hops }));
  });

  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  /** A registration the validator refuses (400): it counts against the refused budget, and creates nobody. */
  const register = (hops: number, forwardedFor?: string) =>
    apps.get(hops)!.request('POST', '/api/register', {
      body: {},
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });

  const limit = () => apps.get(0)!.config.rateLimits.register.refusedPoints!;

  it('with 0 hops ignores the header: rotating it does not escape the limit', async () => {
    for (let i = 0; i < limit(); i += 1) expect((await register(0, `198.51.100.${i}`)).status).toBe(400);
    const refused = await register(0, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('with 1 hop keys on the appended entry: a rotating (forged) leftmost entry does not escape', async () => {
    for (let i = 0; i < limit(); i += 1) expect((await register(1, `10.9.8.${i}, 203.0.113.10`)).status).toBe(400);
    expect((await register(1, '10.9.8.77, 203.0.113.10')).status).toBe(429);
    expect((await register(1, '203.0.113.10')).status).toBe(429);
    // Another client behind the same proxy, and a request that came without one, are their own.
    expect((await register(1, '10.9.8.0, 203.0.113.11')).status).toBe(400);
    expect((await register(1)).status).toBe(400);
  });

  it('with 2 hops keys on the second entry from the right, whichever inner hop it came through', async () => {
    for (let i = 0; i < limit(); i += 1) {
      expect((await register(2, `forged-${i}, 203.0.113.20, 10.0.0.${i}`)).status).toBe(400);
    }
    expect((await register(2, '203.0.113.20, 10.0.0.99')).status).toBe(429);
    // Fewer entries than hops: the furthest one there is, written by a trusted proxy.
    expect((await register(2, '203.0.113.20')).status).toBe(429);
    expect((await register(2, '203.0.113.21, 203.0.113.20')).status).toBe(400);
    expect((await register(2)).status).toBe(400);
  });
});
