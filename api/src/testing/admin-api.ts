import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFixtures } from './fixtures';
import { startTestApp, type ApiResponse, type TestApp, type TestUser } from './harness';

/** Set-up and checks for back-office API tests: who may call, what the audit log holds, the list protocol. */

/** The test app of one back-office test file, with an admin, a shopper and fixtures. */
export interface AdminTestApp extends TestApp {
  fixtures: ReturnType<typeof createFixtures>;
  admin: TestUser;
  shopper: TestUser;
  /** A request carrying the admin's token. */
  asAdmin(method: string, path: string, body?: unknown): Promise<ApiResponse>;
}

/**
 * Starts the app before the calling file's tests and closes it after them. The returned object is
 * filled in before the first test (and the file's later `beforeAll` hooks) run.
 */
export function startAdminTestApp(): AdminTestApp {
  let started: TestApp | undefined;
  const context = {
    asAdmin: (method: string, path: string, body?: unknown) => context.request(method, path, { token: context.admin.token, body }),
  } as AdminTestApp;
  beforeAll(async () => {
    const app = await startTestApp();
    started = app;
    Object.assign(context, app, {
      fixtures: createFixtures(app.db, app.config.codesKey, app.invalidations),
      admin: await app.createUser({ role: 'admin' }),
      shopper: await app.createUser(),
    });
  });
  afterAll(async () => {
    await started?.close();
  });
  return context;
}

export interface AdminCall {
  method: string;
  path: string;
  body?: unknown;
}

/** Every call answers 401 without a token and 403 to a shopper, and changes nothing. */
export async function expectAdminOnly(app: TestApp, shopper: TestUser, calls: AdminCall[]): Promise<void> {
  const auditBefore = await auditCount(app);
  for (const call of calls) {
    const anonymous = await app.request(call.method, call.path, { body: call.body });
    expect({ call, status: anonymous.status, code: anonymous.body?.error?.code }).toEqual({
      call,
      status: 401,
      code: 'UNAUTHORIZED',
    });
    const asShopper = await app.request(call.method, call.path, { body: call.body, token: shopper.token });
    expect({ call, status: asShopper.status, code: asShopper.body?.error?.code }).toEqual({
      call,
      status: 403,
      code: 'FORBIDDEN',
    });
  }
  expect(await auditCount(app)).toBe(auditBefore);
}

export async function auditCount(app: TestApp): Promise<number> {
  const [row] = await app.db('audit_log').count<Array<{ count: number }>>({ count: '*' });
  return Number(row?.count ?? 0);
}

/** The audit rows of one record, oldest first. */
export function auditRowsOf(app: TestApp, entity: string, entityId: number | string) {
  return app.db('audit_log').where({ entity, entity_id: String(entityId) }).orderBy('id');
}

/** The `Content-Range` header of a list answer, parsed. */
export function contentRange(headers: Headers): { resource: string; start: number; end: number; total: number } {
  const match = /^(\S+) (\d+)-(\d+)\/(\d+)$/.exec(headers.get('content-range') ?? '');
  if (!match) throw new Error(`No Content-Range in the answer: ${headers.get('content-range')}`);
  return { resource: match[1]!, start: Number(match[2]), end: Number(match[3]), total: Number(match[4]) };
}

/** A list path with the protocol's parameters, JSON-encoded. */
export function listPath(base: string, params: { sort?: unknown; range?: unknown; filter?: unknown } = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** Distinct random whole numbers from [min, max), for unique columns across one test file. */
export function distinctRandomIntegers(min: number, max: number): () => number {
  const used = new Set<number>();
  return () => {
    let value = randomInt(min, max);
    while (used.has(value)) value = randomInt(min, max);
    used.add(value);
    return value;
  };
}
