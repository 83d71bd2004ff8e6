/**
 * The compose file's load balancer (deploy/nginx.conf) run by Debian's nginx in front of two API
 * processes of one store, as docker-compose.yml runs it in front of the API containers: requests go to
 * both, and the order status stream passes through as it is written. Without nginx installed, the tests
 * fail saying how to install it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSecondApp, startTestApp, type TestApp } from '@topup/api/testing';
import { freePort } from '@topup/server-kit';
import { startProxy, type RunningProxy } from './proxy-config';

let first: TestApp;
let second: TestApp;
let proxy: RunningProxy;

const portOf = (app: TestApp) => new URL(app.baseUrl).port;

beforeAll(async () => {
  first = await startTestApp({ trustProxyHops: 1, orderEventsHeartbeatMs: 200 });
  second = await startSecondApp(first);
  proxy = startProxy(await freePort(), [`127.0.0.1:${portOf(first)}`, `127.0.0.1:${portOf(second)}`]);
  await vi.waitFor(async () => expect((await fetch(`${proxy.baseUrl}/api/health`)).status).toBe(200), { timeout: 15_000, interval: 100 });
});

afterAll(async () => {
  await proxy?.stop();
  await second?.close();
  await first?.close();
});

describe('the load balancer in front of two API processes', () => {
  it('sends requests to both', async () => {
    const served = new Map<TestApp, number>();
    const stops = [first, second].map((app) => app.watchQueries(() => served.set(app, (served.get(app) ?? 0) + 1)));
    try {
      for (let request = 0; request < 6; request += 1) {
        expect((await fetch(`${proxy.baseUrl}/api/ready`)).status).toBe(200);
      }
    } finally {
      for (const stop of stops) stop();
    }
    expect(served.get(first)).toBeGreaterThan(0);
    expect(served.get(second)).toBeGreaterThan(0);
  });

  it('passes the order status stream on as it is written, and keeps it open', async () => {
    const shopper = await first.createUser();
    const response = await fetch(`${proxy.baseUrl}/api/orders/events`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let received = '';
    try {
      // The opening line, then heartbeats every 200 ms: two of them arrive only if nothing holds them back.
      while ((received.match(/: heartbeat\n\n/g) ?? []).length < 2) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        received += new TextDecoder().decode(value);
      }
    } finally {
      await reader.cancel();
    }
    expect(received.startsWith('retry: 3000\n\n')).toBe(true);
  });
});
