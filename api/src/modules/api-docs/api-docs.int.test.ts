import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import knex from 'knex';
import { freePort } from '@topup/server-kit';
import { createApp, listApiRoutes, orderFeedOf, type ApiRoute } from '../../app';
import { urlFormats } from '../../lib/url-fields';
import { createLogger } from '../../logger';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type RequestOptions, type TestApp } from '../../testing/harness';

/** Routes under /api that do not speak JSON by a contract; each is described by hand in raw-operations.ts. */
const NOT_JSON = [
  'GET /api/payment/sandbox/:paymentId',
  'POST /api/payment/sandbox/:paymentId',
  'POST /api/payment/webhook/:provider',
  'POST /api/suppliers/:kind/callback',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/:file',
];

let app: TestApp;
let routes: ApiRoute[];
const nameOf = (route: ApiRoute) => `${route.method} ${route.path}`;
/** Koa's `/api/orders/:id` as OpenAPI's `/orders/{id}`. */
const documentPath = (path: string) => path.replace(/^\/api/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');

beforeAll(async () => {
  app = await startTestApp();
  routes = listApiRoutes(createApp({ config: app.config, db: app.db, redis: app.redis, invalidations: app.invalidations, logger: createLogger('silent', 'api-docs-test') }));
});
afterAll(() => app?.close());

describe('schema coverage', () => {
  it('declares every JSON route of /api by a contract in common/src/api', () => {
    const undeclared = routes.filter((route) => !route.endpoint && !NOT_JSON.includes(nameOf(route))).map(nameOf);
    expect(undeclared).toEqual([]);
    expect(routes.filter((route) => route.endpoint).length).toBeGreaterThan(90);
  });

  it('serves each contract at the path and method it states', () => {
    const mismatched = routes
      .filter((route) => route.endpoint)
      .filter((route) => route.endpoint!.method.toUpperCase() !== route.method || `/api${route.endpoint!.path}`.replace(/\/$/, '') !== route.path.replace(/\/$/, ''))
      .map(nameOf);
    expect(mismatched).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('lists every route with its auth, its errors in the error format, and examples', async () => {
    const response = await app.request('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');

    for (const route of routes) {
      const operation = document.paths[documentPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, nameOf(route)).toBeDefined();
      expect(operation.responses, nameOf(route)).toBeDefined();
      const endpoint = route.endpoint;
      if (!endpoint) continue;
      expect(operation.security, nameOf(route)).toEqual(endpoint.auth === 'none' ? [] : [{ bearer: [] }]);
      const success = operation.responses[String(endpoint.status ?? 200)];
      if (endpoint.status === 204) expect(success.content, nameOf(route)).toBeUndefined();
      else if (endpoint.eventStream) expect(success.content['text/event-stream'].example, nameOf(route)).toMatch(/^event: \w+\ndata: \{/);
      else expect(success.content[endpoint.fileType ?? 'application/json'].example, nameOf(route)).toBeDefined();
      expect(operation.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      if (endpoint.body) expect(operation.requestBody.content['application/json'].example, nameOf(route)).toBeDefined();
    }
    expect(document.components.schemas.ErrorBody.properties.error.required).toEqual(['code', 'message']);
  });

  it("holds schemas a JSON Schema 2020-12 validator compiles, and examples that satisfy them", async () => {
    const { body: document } = await app.request('GET', '/api/openapi.json');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const [name, format] of Object.entries(urlFormats)) ajv.addFormat(name, format.validate);
    const problems: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const media = operation.responses?.['200']?.content?.['application/json'] ?? operation.responses?.['201']?.content?.['application/json'];
        const bodyMedia = operation.requestBody?.content?.['application/json'];
        for (const [what, content] of [['answer', media], ['body', bodyMedia]] as const) {
          if (!content?.schema || content.example === undefined) continue;
          const check = ajv.compile(content.schema);
          if (!check(content.example)) problems.push(`${method} ${path} ${what}: ${ajv.errorsText(check.errors)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the document as OpenAPI tools read it', () => {
  it('names each operation once and points every $ref at a schema it holds', async () => {
    const { body: document } = await app.request('GET', '/api/openapi.json');
    const operationIds = Object.values<Record<string, { operationId?: string }>>(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])),
    );
    expect(operationIds.filter((id, index) => operationIds.indexOf(id) !== index)).toEqual([]);
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => {
      const target = ref.replace(/^#\//, '').split('/').reduce<any>((node, key) => node?.[key], document);
      return !ref.startsWith('#/') || target === undefined;
    });
    expect([...new Set(unresolved)]).toEqual([]);
  });
});

/** The answer's status and media type, and whether the document gives them for the operation that answered. */
function answerAsDocumented(document: any, method: string, path: string, response: { status: number; headers: Headers }) {
  const requestPath = path.split('?')[0]!;
  // The queue dashboard is an app of its own, mounted outside the router: documented at its own path.
  const route = routes.find((candidate) => candidate.method === method && candidate.matches(requestPath));
  const declared = document.paths[documentPath(route?.path ?? requestPath)][method.toLowerCase()].responses[String(response.status)];
  const mediaType = response.headers.get('content-type')?.split(';')[0];
  return {
    what: `${response.status}${mediaType ? ` ${mediaType}` : ''}`,
    documented: Boolean(declared) && !(mediaType && declared.content && !(mediaType in declared.content)),
  };
}

describe('the statuses the API answers', () => {
  it('documents 503 wherever a request meets Postgres away', async () => {
    const { body: document } = await app.request('GET', '/api/openapi.json');
    const shopper = await app.createUser();
    const unreachableDb = knex({ client: 'pg', connection: `postgres://postgres@127.0.0.1:${await freePort()}/topup`, pool: { min: 0, max: 1 }, log: { warn: () => undefined } });
    const store = createApp({ config: app.config, db: unreachableDb, redis: app.redis, invalidations: app.invalidations, logger: createLogger('silent', 'api-docs-test') });
    const server = store.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const undocumented: string[] = [];
      for (const [method, path, token] of [
        ['GET', '/api/products', undefined],
        ['GET', '/api/profile', shopper.token],
        ['GET', '/api/openapi.json', shopper.token],
      ] as const) {
        const response = await fetch(`${baseUrl}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
        await response.arrayBuffer();
        expect(response.status, path).toBe(503);
        const { what, documented } = answerAsDocumented(document, method, path, response);
        if (!documented) undocumented.push(`${method} ${path}: ${what}`);
      }
      expect(undocumented).toEqual([]);
    } finally {
      orderFeedOf(store).close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unreachableDb.destroy();
    }
  });

  it('are each documented for the operation that answered, in the media type it answered', async () => {
    const { body: document } = await app.request('GET', '/api/openapi.json');
    const shopper = await app.createUser();
    const admin = await app.createUser({ role: 'admin' });
    const fixtures = createFixtures(app.db, app.config.codesKey);
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, gameAmount: 100, priceUsd: 499, priceRub: 44_900, count: 1 });

    const answered = new Set<string>();
    const undocumented: string[] = [];
    /** Sends a real request and notes whether the operation that answered documents its status and media type. */
    async function send(method: string, path: string, options: RequestOptions = {}): Promise<number> {
      const response = await app.request(method, path, options);
      const { what, documented } = answerAsDocumented(document, method, path, response);
      answered.add(what);
      if (!documented) undocumented.push(`${method} ${path}: ${what}`);
      return response.status;
    }
    /** Sends until the route's limit answers 429, checking each answer on the way. */
    async function sendUntilLimited(method: string, path: string, options: (attempt: number) => RequestOptions) {
      const statuses: number[] = [];
      while (statuses.at(-1) !== 429 && statuses.length < 40) statuses.push(await send(method, path, options(statuses.length)));
      expect(statuses.at(-1), `${method} ${path}`).toBe(429);
    }

    const user = { token: shopper.token };
    const tooLarge = { rawBody: JSON.stringify({ filler: 'x'.repeat(200_000) }) };
    const notJson = { rawBody: 'quantity=1', headers: { 'content-type': 'text/plain' } };
    // Past Node's 16 KiB of request headers: its HTTP parser answers before the app.
    const hugeHeaders = { headers: { 'x-filler': 'x'.repeat(20_000) } };

    await send('GET', '/api/profile');
    await send('GET', '/api/products', { token: 'not-a-token' });
    await send('GET', '/api/openapi.json', { token: 'not-a-token' });
    await send('GET', '/api/admin/codes', user);
    await send('GET', '/api/orders/2000000000', user);
    await send('GET', '/api/orders/not-a-number', user);
    await send('GET', '/api/admin/codes/999999999', { token: admin.token });
    await send('GET', '/api/payment/sandbox/no-such-payment');
    await send('GET', '/api/docs/package.json');
    await send('GET', '/api/admin/queues');
    await send('GET', '/api/admin/queues', user);
    await send('POST', '/api/payment/sandbox/no-such-payment', { rawBody: 'outcome=approve', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await send('POST', '/api/cart/add', { ...user, ...tooLarge });
    await send('POST', '/api/admin/products', tooLarge);
    await send('POST', '/api/payment/webhook/sandbox', tooLarge);
    await send('POST', '/api/cart/add', { ...user, ...notJson });
    await send('GET', '/api/products', hugeHeaders);
    await send('POST', '/api/login', hugeHeaders);
    await send('POST', '/api/admin/codes/export', { token: admin.token, body: { reason: 'Stock moved to the partner store' } });

    await sendUntilLimited('POST', '/api/login', () => ({ body: { nickname: shopper.nickname, password: 'wrong-password-1' } }));
    await sendUntilLimited('POST', '/api/profile/password', () => ({ ...user, body: { currentPassword: 'wrong-password-1', newPassword: 'new-password-2' } }));
    await sendUntilLimited('POST', '/api/register', (attempt) => ({
      body: { nickname: `newcomer_${attempt}_${shopper.id}`, password: 'secret-pass-1', confirmPassword: 'secret-pass-1' },
    }));
    await sendUntilLimited('POST', '/api/pubg/check-id', () => ({ body: {} }));
    await sendUntilLimited('POST', '/api/support', () => ({ body: {} }));
    await sendUntilLimited('POST', '/api/payment/create', () => ({ ...user, body: {} }));

    expect(undocumented).toEqual([]);
    // Each status the document had left out was answered above, so the check covered it.
    for (const status of ['401 application/json', '404 application/json', '404 text/html', '413 application/json', '415 application/json', '429 application/json', '431', '200 text/csv']) {
      expect([...answered], status).toContain(status);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference viewer from the store itself, under its Content-Security-Policy', async () => {
    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    // No inline script and nothing from another origin: every script and stylesheet is a file of ours.
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    // Every file it loads; the empty data: icon only spares the browser a request for /favicon.ico.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!).filter((asset) => asset !== 'data:,');
    expect(assets.length).toBe(3);
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/')).toBe(true);
      const file = await fetch(`${app.baseUrl}${asset}`);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
      await file.arrayBuffer();
    }
    const unknown = await fetch(`${app.baseUrl}/api/docs/package.json`);
    expect(unknown.status).toBe(404);
  });
});
