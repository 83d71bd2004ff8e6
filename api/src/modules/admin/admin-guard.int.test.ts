import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, listApiRoutes, type ApiRoute } from '../../app';
import { createLogger } from '../../logger';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

/**
 * Every back-office route, as the real app composes them, refuses anyone but an admin: 401 without a
 * valid token, 403 for a shopper, in the error format, and nothing is written. The routes are
 * discovered from the composed /api router, so a route mounted later is checked without being listed
 * here; the calls the back office makes are checked against what is discovered.
 */

let app: TestApp;
let shopper: TestUser;
let routes: ApiRoute[];

beforeAll(async () => {
  app = await startTestApp();
  shopper = await app.createUser();
  // The same composition the running app has, built again only to read its routes.
  routes = listApiRoutes(createApp({ config: app.config, db: app.db, redis: app.redis, invalidations: app.invalidations, logger: createLogger('silent', 'admin-guard-test') }));
});

afterAll(async () => {
  await app?.close();
});

const ADMIN_PREFIXES = ['/api/admin', '/api/pubg-admin', '/api/freefire-admin', '/api/currency-settings'];
const isAdminPath = (path: string) => ADMIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Methods a test may send without a side effect on the machine (fetch refuses TRACE and CONNECT). */
const CHECKED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Values tried for path parameters: a numeric id, a uuid (code-generation requests), a word. */
const SAMPLE_VALUES = ['1', '00000000-0000-4000-8000-000000000001', 'sample'];

/** A concrete path the route answers: parameters filled in, optional parts kept. */
function samplePath(route: Pick<ApiRoute, 'path' | 'matches'>): string {
  for (const value of SAMPLE_VALUES) {
    const path = route.path.replace(/[{}]/g, '').replace(/[:*][A-Za-z_$][\w$]*/g, value);
    if (route.matches(path)) return path;
  }
  throw new Error(`No sample path reaches ${route.path}`);
}

interface Answer {
  status: number;
  location: string | null;
  body: any;
}

/** One request as a browser would send it, redirects not followed. */
async function send(method: string, path: string, authorization?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.baseUrl}${path}`, { method, headers, body: hasBody ? '{}' : undefined, redirect: 'manual' });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // An event stream stays open: let through is all there is to know.
    await response.body?.cancel();
    return { status: response.status, location: null, body: '' };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text so the failure shows what came back.
  }
  return { status: response.status, location: response.headers.get('location'), body };
}

const isError = (answer: Answer, status: number, code: string) =>
  answer.status === status && answer.body?.error?.code === code && typeof answer.body.error.message === 'string';

/** Row counts of every table, and the newest audit entry: a refused call must leave all of them alone. */
async function storeState() {
  const tables: Array<{ table_name: string }> = await app
    .db('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .select('table_name');
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const row = await app.db(table).count<Array<{ count: number }>>({ count: '*' }).first();
    counts[table] = Number(row?.count ?? 0);
  }
  const audit = await app.db('audit_log').max<Array<{ max: number | null }>>({ max: 'id' }).first();
  return { counts, lastAudit: audit?.max ?? null };
}

/** The calls the back office makes; each must be among the discovered routes. */
const DOCUMENTED: Array<[method: string, path: string]> = [
  ...crud('/api/admin/products'),
  ['GET', '/api/admin/products/:id/regions'],
  ['PUT', '/api/admin/products/:id/regions'],
  ['PUT', '/api/admin/products/:id/regions/:regionId/currency'],
  ...crud('/api/admin/regions'),
  ...crud('/api/admin/promotions'),
  ...crud('/api/admin/codes'),
  ['POST', '/api/admin/codes/bulk'],
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders/:id'],
  ['PUT', '/api/admin/orders/:id'],
  ['POST', '/api/admin/orders/:id/refund'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/:id'],
  ['POST', '/api/admin/users/:id/balance-changes'],
  ['PUT', '/api/admin/users/:id/password'],
  ['GET', '/api/admin/users/:id/orders'],
  ['GET', '/api/admin/users/:id/ledger'],
  ['GET', '/api/admin/users/:id/notes'],
  ['POST', '/api/admin/users/:id/notes'],
  ['GET', '/api/admin/users/:id/support-messages'],
  ['GET', '/api/admin/audit-log'],
  ['GET', '/api/admin/audit-log/:id'],
  ['GET', '/api/admin/users/:id/2fa'],
  ['DELETE', '/api/admin/users/:id/2fa'],
  ['GET', '/api/admin/2fa'],
  ['POST', '/api/admin/2fa/enrol'],
  ['POST', '/api/admin/2fa/confirm'],
  ['GET', '/api/admin/generated-codes'],
  ['GET', '/api/admin/generated-codes/:id'],
  ['DELETE', '/api/admin/generated-codes/:id'],
  ['POST', '/api/admin/generated-codes/generate'],
  ['GET', '/api/admin/generated-codes/requests'],
  ['GET', '/api/admin/generated-codes/requests/:id'],
  ['POST', '/api/admin/generated-codes/publish'],
  ['GET', '/api/admin/currency-rates'],
  ['GET', '/api/admin/currency-rates/:id'],
  ['PUT', '/api/admin/currency-rates/:id'],
  ['POST', '/api/admin/currency-rates/refresh'],
  ['GET', '/api/admin/currency-rates/refresh/:requestId'],
  ['GET', '/api/currency-settings/settings'],
  ['POST', '/api/currency-settings/settings'],
  ...crud('/api/pubg-admin/denominations'),
  ['GET', '/api/pubg-admin/denominations/active'],
  ...crud('/api/pubg-admin/codes'),
  ['POST', '/api/pubg-admin/codes/bulk'],
  ...crud('/api/freefire-admin/denominations'),
  ['GET', '/api/admin/dashboard'],
  ['POST', '/api/admin/queues/session'],
];

function crud(base: string): Array<[string, string]> {
  return [
    ['GET', base],
    ['POST', base],
    ['GET', `${base}/:id`],
    ['PUT', `${base}/:id`],
    ['DELETE', `${base}/:id`],
  ];
}

const adminRoutes = () => routes.filter((route) => isAdminPath(route.path) && CHECKED_METHODS.has(route.method));
const discovered = (method: string, path: string) => adminRoutes().some((route) => route.method === method && route.matches(path));

describe('the back-office routes', () => {
  it('are discovered from the composed app, and include every documented call that is mounted', async () => {
    expect(adminRoutes().length).toBeGreaterThan(0);
    // This module's own calls are always there.
    for (const [method, template] of DOCUMENTED.filter(([, path]) => /^\/api\/admin\/(orders|users)/.test(path))) {
      expect(discovered(method, samplePath({ path: template, matches: () => true })), `${method} ${template}`).toBe(true);
    }
    const missing: string[] = [];
    for (const [method, template] of DOCUMENTED) {
      const path = samplePath({ path: template, matches: () => true });
      const answer = await send(method, path);
      // An unmounted call is the API's 404 (or 405 beside a mounted sibling): not there yet, nothing to check.
      if (isError(answer, 404, 'NOT_FOUND') || isError(answer, 405, 'METHOD_NOT_ALLOWED')) continue;
      if (!discovered(method, path)) missing.push(`${method} ${template} answers ${answer.status} but is not among the discovered routes`);
    }
    expect(missing).toEqual([]);
  });

  it('answer 401 without a valid token and 403 to a shopper, in the error format, writing nothing', async () => {
    const before = await storeState();
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const path = samplePath(route);
      const call = `${route.method} ${path} (${route.path})`;
      const anonymous = await send(route.method, path);
      if (!isError(anonymous, 401, 'UNAUTHORIZED')) failures.push(`${call} without a token: ${anonymous.status} ${JSON.stringify(anonymous.body)}`);
      const forged = await send(route.method, path, 'Bearer not-a-real-token');
      if (!isError(forged, 401, 'UNAUTHORIZED')) failures.push(`${call} with a bad token: ${forged.status} ${JSON.stringify(forged.body)}`);
      const asShopper = await send(route.method, path, `Bearer ${shopper.token}`);
      if (!isError(asShopper, 403, 'FORBIDDEN')) failures.push(`${call} as a shopper: ${asShopper.status} ${JSON.stringify(asShopper.body)}`);
    }
    expect(failures).toEqual([]);
    expect(await storeState()).toEqual(before);
  });

  it('include the queue dashboard, which refuses a shopper without redirecting anywhere', async () => {
    for (const path of ['/api/admin/queues', '/api/admin/queues/', '/api/admin/queues/api/queues']) {
      for (const authorization of [undefined, `Bearer ${shopper.token}`]) {
        const answer = await send('GET', path, authorization);
        const seen = { path, authorization, status: answer.status, location: answer.location, error: answer.body?.error?.code };
        // A refusal, never the dashboard or a redirect; 404 only while the dashboard is not mounted yet.
        expect([401, 403, 404], JSON.stringify(seen)).toContain(answer.status);
        expect(seen.location, JSON.stringify(seen)).toBeNull();
        expect(JSON.stringify(answer.body), JSON.stringify(seen)).not.toMatch(/<html|<script/i);
        // The dashboard's JSON calls refuse in the API's error format (its page may answer in plain text).
        if (path.includes('/api/queues')) expect(answer.body?.error?.message, JSON.stringify(seen)).toEqual(expect.any(String));
      }
    }
  });
});

describe('the routes of shoppers and visitors', () => {
  it('are never refused by an admin guard', async () => {
    const refused: string[] = [];
    for (const route of routes.filter((candidate) => !isAdminPath(candidate.path) && candidate.method === 'GET')) {
      const path = samplePath(route);
      for (const [who, authorization] of [['a visitor', undefined], ['a shopper', `Bearer ${shopper.token}`]] as const) {
        const answer = await send('GET', path, authorization);
        if (answer.status === 403) refused.push(`GET ${path} (${route.path}) refused ${who}: ${JSON.stringify(answer.body)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('let a shopper reach their cart', async () => {
    const cart = await send('GET', '/api/cart', `Bearer ${shopper.token}`);
    expect(cart).toMatchObject({ status: 200, body: { success: true, data: [] } });
  });
});
