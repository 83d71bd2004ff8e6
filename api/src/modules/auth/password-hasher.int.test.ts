import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookieOf, startTestApp, type ApiResponse, type TestApp } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  // Two checks at once, four waiting and two from known devices besides, behind one proxy so each
  // attempt comes from an address of its own (the login protection, which keys on it, stays out of the way).
  app = await startTestApp({ trustProxyHops: 1, passwordHashing: { concurrency: 2, queue: 4, preferredQueue: 2 } });
});

afterAll(async () => {
  await app.close();
});

describe('a flood of logins', () => {
  it('is shed with 503 SERVICE_BUSY and Retry-After beyond the queue, never a 500, while the catalogue answers', async () => {
    const badLogin = (i: number) =>
      app.request('POST', '/api/login', {
        body: { nickname: `flood_${i}`, password: 'wrong-password-1' },
        headers: { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` },
      });
    const flood = Promise.all(Array.from({ length: 100 }, (_, i) => badLogin(i)));
    const catalogue = await app.request('GET', '/api/products');
    const answers: ApiResponse[] = await flood;

    expect(catalogue.status).toBe(200);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    const shed = answers.filter((answer) => answer.status === 503);
    // At most 2 running and 4 waiting at any moment; the rest of a burst of 100 cannot all fit.
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(answer.body).toEqual({
        error: { code: 'SERVICE_BUSY', message: expect.any(String), details: { retryAfterSeconds: expect.any(Number) } },
      });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    // Once the flood has passed, logins go through again.
    const user = await app.createUser({ password: 'rightpass1' });
    const after = await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: 'rightpass1' } });
    expect(after.status).toBe(200);
  }, 180_000);
});

describe('a shopper on a known device', () => {
  it('logs in while a flood fills the queue of everyone else', async () => {
    const shopper = await app.createUser({ password: 'rightpass1' });
    const first = await app.request('POST', '/api/login', {
      body: { nickname: shopper.nickname, password: 'rightpass1' },
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    const cookie = deviceCookieOf(first);

    // The shopper tries once the flood is being shed, so the queue is surely full.
    let flooded: () => void;
    const shedding = new Promise<void>((resolve) => (flooded = resolve));
    const badLogin = async (i: number) => {
      const answer = await app.request('POST', '/api/login', {
        body: { nickname: `device_flood_${i}`, password: 'wrong-password-1' },
        headers: { 'x-forwarded-for': `198.19.${Math.floor(i / 250)}.${i % 250}` },
      });
      if (answer.status === 503) flooded();
      return answer;
    };
    const flood = Promise.all(Array.from({ length: 100 }, (_, i) => badLogin(i)));
    await shedding;
    const known = await app.request('POST', '/api/login', {
      body: { nickname: shopper.nickname, password: 'rightpass1' },
      headers: { 'x-forwarded-for': '192.0.2.2', cookie },
    });
    await flood;
    expect(known.status).toBe(200);
  }, 180_000);
});
