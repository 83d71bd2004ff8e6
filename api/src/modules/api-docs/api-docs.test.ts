import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, listApiRoutes, type ApiRoute } from '../../app';
import { urlFormats } from '../../lib/url-fields';
import { createLogger } from '../../logger';
import { startTestApp, type TestApp } from '../../testing/harness';

/** Routes under /api that do not speak JSON by a contract; each is described by hand in raw-operations.ts. */
const NOT_JSON = [
  'GET /api/payment/sandbox/:paymentId',
  'POST /api/payment/sandbox/:paymentId',
  'POST /api/payment/webhook/:provider',
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
      else expect(success.content['application/json'].example, nameOf(route)).toBeDefined();
      if (endpoint.auth !== 'none') {
        expect(operation.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      }
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
