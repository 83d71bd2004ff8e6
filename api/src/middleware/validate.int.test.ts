import { describe, expect, it } from 'vitest';
import { createApp, listApiRoutes } from '../app';
import { createLogger } from '../logger';
import { auditCount, startAdminTestApp } from '../testing/admin-api';
import type { ApiResponse } from '../testing/harness';

/**
 * Text Postgres cannot store (a NUL, an unpaired surrogate) in any string of a body, a query or a
 * path: one rule in validate(), a 400 naming the field on every route, and nothing written.
 */

const app = startAdminTestApp();

const NUL = '\u0000';

/** Rows in every table of the store, to show a refused request wrote nothing anywhere. */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await app.db.raw<{ rows: Array<{ table_name: string }> }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of rows) {
    const [row] = await app.db(table).count<Array<{ count: string }>>({ count: '*' });
    counts[table] = Number(row?.count);
  }
  return counts;
}

/** Runs the requests and checks each is a 400 naming `field`, and that no table changed. */
async function expectRefusedUnwritten(requests: Array<{ field: string; send: () => Promise<ApiResponse> }>) {
  const before = await rowCounts();
  for (const { field, send } of requests) {
    const response = await send();
    expect({ field, status: response.status, error: response.body?.error }).toEqual({
      field,
      status: 400,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        details: [{ field, message: expect.stringMatching(/NUL character|unpaired surrogate/) }],
      },
    });
  }
  expect(await rowCounts()).toEqual(before);
}

describe('a NUL byte or a lone surrogate anywhere in a request', () => {
  it('is refused by login and register', async () => {
    await expectRefusedUnwritten([
      { field: 'nickname', send: () => app.request('POST', '/api/login', { body: { nickname: `admin${NUL}`, password: 'password123' } }) },
      { field: 'password', send: () => app.request('POST', '/api/login', { body: { nickname: 'someone', password: `pass${NUL}word` } }) },
      {
        field: 'nickname',
        send: () => app.request('POST', '/api/register', { body: { nickname: `new${NUL}user`, password: 'password123', confirmPassword: 'password123' } }),
      },
    ]);
  });

  it('is refused by shopper routes: support and the cart', async () => {
    const product = await app.fixtures.product();
    await expectRefusedUnwritten([
      { field: 'message', send: () => app.request('POST', '/api/support', { body: { nickname: 'shopper', message: `Hello${NUL}` } }) },
      {
        field: 'gameCurrency',
        send: () =>
          app.request('POST', '/api/cart/add', {
            token: app.shopper.token,
            body: { productId: product.id, gameAmount: 1, priceUsd: 1, priceRub: 79, quantity: 1, gameCurrency: `U${NUL}C` },
          }),
      },
    ]);
  });

  it('is refused in a query string, also inside an admin list filter', async () => {
    const filter = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    await expectRefusedUnwritten([
      { field: 'search', send: () => app.request('GET', '/api/products?search=nova%00') },
      { field: 'filter.q', send: () => app.asAdmin('GET', `/api/admin/products?filter=${filter({ q: `a${NUL}` })}`) },
      { field: 'filter.q', send: () => app.asAdmin('GET', `/api/admin/users?filter=${filter({ q: 'a\ud800' })}`) },
      // The filter's own JSON escape, as react-admin would send it.
      { field: 'filter.q', send: () => app.asAdmin('GET', `/api/admin/codes?filter=${encodeURIComponent('{"q":"a\\u0000"}')}`) },
      { field: 'filter', send: () => app.asAdmin('GET', '/api/admin/promotions?filter=%00') },
    ]);
  });

  it('is refused in a path parameter', async () => {
    await expectRefusedUnwritten([{ field: 'slug', send: () => app.request('GET', '/api/products/slug/a%00b') }]);
  });

  it('is refused by admin writes, and nothing is audited', async () => {
    const audits = await auditCount(app);
    await expectRefusedUnwritten([
      { field: 'text', send: () => app.asAdmin('POST', '/api/admin/promotions', { text: `Sale${NUL}`, backgroundColor: '#ff0000' }) },
      { field: 'title', send: () => app.asAdmin('POST', '/api/admin/products', { slug: 'nul-product', title: `Nul${NUL}`, category: 'gift_card' }) },
    ]);
    expect(await auditCount(app)).toBe(audits);
  });

  it('is refused as raw JSON escapes: a lone high or low surrogate, a NUL in a field name', async () => {
    const login = (rawBody: string) => () => app.request('POST', '/api/login', { rawBody });
    await expectRefusedUnwritten([
      { field: 'nickname', send: login('{"nickname":"\\ud800","password":"password123"}') },
      { field: 'nickname', send: login('{"nickname":"ab\\udc00","password":"password123"}') },
      { field: 'password', send: login('{"nickname":"someone","password":"pass\\ud83dword"}') },
      { field: 'a\\u0000b', send: login('{"nickname":"someone","password":"password123","a\\u0000b":1}') },
    ]);
    // A proper pair (an emoji) is text like any other.
    const emoji = await app.request('POST', '/api/support', { rawBody: '{"nickname":"shopper","message":"Thanks \\ud83d\\ude00"}' });
    expect(emoji.status).toBe(201);
  });

  it('is one rejected line of a text/plain bulk upload; the other lines go in', async () => {
    const product = await app.fixtures.product();
    const codes = ['NUL-OK-1, 1, 79, 10', `NUL-${NUL}-2, 1, 79, 10`, 'NUL-OK-3, 1, 79, 10'];
    const response = await app.request('POST', `/api/admin/codes/bulk?productId=${product.id}`, {
      token: app.admin.token,
      rawBody: codes.join('\n'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      added: 2,
      rejectedCount: 1,
      rejected: [{ line: 2, reason: 'malformed', message: 'The line must not contain a NUL character (U+0000)' }],
    });
    const [stored] = await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id }).count<Array<{ count: string }>>({ count: '*' });
    expect(Number(stored?.count)).toBe(2);

    const denomination = await app.fixtures.pubgPackage({ priceUsd: 100, priceRub: 7900 });
    const pubg = await app.request('POST', `/api/pubg-admin/codes/bulk?denominationId=${denomination.id}`, {
      token: app.admin.token,
      rawBody: `UC-NUL-1\n${NUL}\nUC-NUL-3\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(pubg.status).toBe(200);
    expect(pubg.body).toMatchObject({ added: 2, rejectedCount: 1, rejected: [{ line: 2, reason: 'malformed' }] });
  });
});

/** Routes that are not JSON: the sandbox's HTML pay page (a form), gateway webhooks and supplier notices (signed raw bodies, answered in text). */
const NOT_JSON = [/^\/api\/payment\/sandbox\//, /^\/api\/payment\/webhook\//, /^\/api\/suppliers\/[^/]+\/callback$/];
/** JSON routes that read no body at all, so a body of any content is ignored there. */
const NO_BODY = ['POST /api/admin/currency-rates/refresh', 'POST /api/admin/queues/session'];

describe('every JSON route, walked', () => {
  it('answers a NUL-bearing body with a 400, never a 500, and a NUL in the query never with a 500', async () => {
    const routes = listApiRoutes(createApp({ config: app.config, db: app.db, redis: app.redis, invalidations: app.invalidations, logger: createLogger('silent', 'route-walk') }));
    const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');
    const outcomes: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      if (NOT_JSON.some((pattern) => pattern.test(route.path))) continue;
      const path = concrete(route.path);
      const name = `${route.method} ${route.path}`;
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
        const response = await app.asAdmin(route.method, path, { text: `a${NUL}b`, nested: { list: ['ok', `c${NUL}`] } });
        outcomes.push(name);
        const details = (response.body?.error?.details ?? []) as Array<{ field: string; message: string }>;
        // Refused by the NUL rule itself, before any schema or handler, and naming both fields.
        const refusedForNul = response.status === 400 && details.map(({ field }) => field).join() === 'text,nested.list.1';
        if (response.status >= 500) failures.push(`${name} answered ${response.status}`);
        else if (!NO_BODY.includes(name) && !refusedForNul) failures.push(`${name} answered ${response.status} ${JSON.stringify(response.body)}`);
      } else if (route.method === 'GET') {
        const response = await app.asAdmin('GET', `${path}?q=a%00b&filter=${encodeURIComponent('{"q":"a\\u0000"}')}`);
        if (response.status >= 500) failures.push(`${name} (query) answered ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    // The walk covered the store's write routes, not an empty list.
    expect(outcomes.length).toBeGreaterThan(30);
  });
});

describe('a number in a path or a query', () => {
  /** Texts JavaScript reads as a number that is not a finite one, or not in decimal digits. */
  const NOT_FINITE_DECIMALS = ['Infinity', '-Infinity', '1e999', '9'.repeat(309), 'NaN', '0x10', '1e3', ' 5'];

  it('is refused with a 400 naming it on every route whose path takes one, never a 500', async () => {
    const routes = listApiRoutes(createApp({ config: app.config, db: app.db, redis: app.redis, invalidations: app.invalidations, logger: createLogger('silent', 'route-walk') }));
    const withNumbers = routes.flatMap((route) =>
      Object.entries(((route.endpoint?.params as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {}))
        .filter(([, schema]) => schema.type === 'integer' || schema.type === 'number')
        .map(([field]) => ({ route, field })),
    );
    const answers: string[] = [];
    for (const { route, field } of withNumbers) {
      for (const text of NOT_FINITE_DECIMALS) {
        const path = route.path.replace(`:${field}`, encodeURIComponent(text)).replace(/:[A-Za-z]+/g, '1');
        const response = await app.asAdmin(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
        const fields = ((response.body?.error?.details ?? []) as Array<{ field: string }>).map((detail) => detail.field);
        if (response.status !== 400 || response.body.error.code !== 'VALIDATION_FAILED' || !fields.includes(field)) {
          answers.push(`${route.method} ${path.slice(0, 80)} answered ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        }
      }
    }
    expect(answers).toEqual([]);
    // The issue's 49 routes with a numeric id, and more, were walked.
    expect(new Set(withNumbers.map(({ route }) => `${route.method} ${route.path}`)).size).toBeGreaterThanOrEqual(49);
  });

  it('is refused anonymously too: GET /api/products/Infinity/codes/1', async () => {
    const response = await app.request('GET', '/api/products/Infinity/codes/1');
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      details: [{ field: 'id', message: 'must be a finite number written in decimal digits' }],
    });
  });

  it('keeps working when written in plain digits, and out of range is still named', async () => {
    const product = await app.fixtures.product();
    expect((await app.request('GET', `/api/products/${product.id}/codes/0`)).status).toBe(200);
    const tooLarge = await app.request('GET', `/api/products/${'9'.repeat(30)}/codes/0`);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error.details).toEqual([{ field: 'id', message: 'must be <= 2147483647' }]);
  });

  it('in a query is refused the same way: a bulk upload to product Infinity', async () => {
    const response = await app.request('POST', '/api/admin/codes/bulk?productId=Infinity', {
      token: app.admin.token,
      rawBody: 'CODE-1, 1, 80, 60',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual({ field: 'productId', message: 'must be a finite number written in decimal digits' });
  });
});
