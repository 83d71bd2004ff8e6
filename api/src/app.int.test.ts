import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ bodyLimit: '2kb' });
});

afterAll(async () => {
  await app.close();
});

function expectError(response: { status: number; body: any }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
}

describe('the error format for every bad request', () => {
  it('malformed JSON is a 400 MALFORMED_JSON', async () => {
    expectError(await app.request('POST', '/api/login', { rawBody: '{"nickname": "a",' }), 400, 'MALFORMED_JSON');
  });

  it('an oversized body is a 413 PAYLOAD_TOO_LARGE', async () => {
    const rawBody = JSON.stringify({ nickname: 'x'.repeat(5000), password: 'secret123' });
    expectError(await app.request('POST', '/api/login', { rawBody }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body that is not JSON is a 415', async () => {
    const response = await app.request('POST', '/api/login', {
      rawBody: 'nickname=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a JSON body that is not an object is a 400', async () => {
    expectError(await app.request('POST', '/api/login', { rawBody: '[1,2,3]' }), 400, 'VALIDATION_FAILED');
  });

  it('an unknown route is a 404 NOT_FOUND', async () => {
    expectError(await app.request('GET', '/api/no-such-thing'), 404, 'NOT_FOUND');
  });

  it('a wrong method is a 405 with the allowed ones', async () => {
    const response = await app.request('DELETE', '/api/login');
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.body.error.details.allowed).toContain('POST');
  });

  it('unknown query parameters are rejected', async () => {
    expectError(await app.request('GET', '/api/products?limit=5'), 400, 'VALIDATION_FAILED');
  });

  it('path parameters of the wrong type are rejected', async () => {
    expectError(await app.request('GET', '/api/products/abc/codes/0'), 400, 'VALIDATION_FAILED');
    expectError(await app.request('GET', '/api/products/1/codes/-1'), 400, 'VALIDATION_FAILED');
  });
});

describe('request plumbing', () => {
  it('gives every response a request id, keeping a sane incoming one', async () => {
    const generated = await app.request('GET', '/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc-12345');
    const replaced = await app.request('GET', '/api/health', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toContain(' ');
  });

  it('sends security headers on every answer, a catalogue answer served from memory and an error included', async () => {
    // The second product list comes from the catalogue's memory, ahead of most of the app.
    for (const path of ['/api/health', '/api/products', '/api/products', '/api/no-such-endpoint']) {
      const response = await app.request('GET', path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('health and readiness', () => {
  it('GET /api/health answers while the process lives', async () => {
    const response = await app.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
  });

  it('GET /api/ready is 200 with Postgres and Redis up', async () => {
    const response = await app.request('GET', '/api/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /api/ready is 200 degraded, naming Redis, when only Redis cannot be reached', async () => {
    const withoutRedis = await startTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const response = await withoutRedis.request('GET', '/api/ready');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'degraded', degraded: ['redis'] });
      // Postgres-backed reads go on without Redis.
      expect((await withoutRedis.request('GET', '/api/products')).status).toBe(200);
    } finally {
      await withoutRedis.close();
    }
  });
});
