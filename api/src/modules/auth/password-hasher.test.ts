import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiResponse, type TestApp } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  // Two checks at once and four waiting, behind one proxy so each attempt comes from an address of
  // its own (the login protection, which keys on it, stays out of the way).
  app = await startTestApp({ trustProxyHops: 1, passwordHashing: { concurrency: 2, queue: 4 } });
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
