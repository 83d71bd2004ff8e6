import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, Strict } from '@topup/common/api';
import { createLogger } from '../logger';
import { errorHandler } from '../middleware/error-handler';
import type { AuthGuards } from '../middleware/auth';
import type { AppState } from '../types';
import { typedRoutes } from './typed-routes';

const greeting = endpoint({
  method: 'post',
  path: '/greetings',
  auth: 'none',
  tag: 'Test',
  summary: 'Greets',
  body: Strict({ name: Type.String({ minLength: 1 }) }),
  status: 201,
  response: Type.Object({ text: Type.String(), at: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
});
const drifted = endpoint({ method: 'get', path: '/drifted', auth: 'none', tag: 'Test', summary: 'Drifts', response: Type.Object({ count: Type.Integer() }) });
const secret = endpoint({ method: 'get', path: '/secret', auth: 'admin', tag: 'Test', summary: 'Admins only', response: Type.Object({}) });

const refuse = (status: number) => async (ctx: Koa.Context) => ctx.throw(status);
const guards = { requireAdmin: refuse(403), requireUser: refuse(401), requireSession: refuse(401), requireAdminEnrolment: refuse(403) } as unknown as AuthGuards;

let baseUrl: string;
let server: ReturnType<Koa['listen']>;

beforeAll(async () => {
  const app = new Koa<AppState>();
  const logger = createLogger('silent', 'typed-routes-test');
  app.use(async (ctx, next) => {
    ctx.state.log = logger;
    ctx.state.valid = {};
    await next();
  });
  app.use(errorHandler());
  app.use(bodyParser());
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);
  routes.add(greeting, async (_ctx, { body }) => ({ text: `Hello, ${body.name}`, at: new Date(0) }));
  // A handler whose answer left its schema (the cast stands for drift the compiler cannot see).
  routes.add(drifted, async () => ({ count: 'three' }) as unknown as { count: number });
  routes.add(secret, async () => ({}));
  app.use(router.routes());
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('typedRoutes', () => {
  it("validates the body, answers with the handler's value and the contract's status", async () => {
    const ok = await fetch(`${baseUrl}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ann"}' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ text: 'Hello, Ann', at: '1970-01-01T00:00:00.000Z' });

    const bad = await fetch(`${baseUrl}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"","extra":1}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it('fails an answer outside its response schema while tests run, so a schema cannot drift unnoticed', async () => {
    const response = await fetch(`${baseUrl}/drifted`);
    expect(response.status).toBe(500);
  });

  it('puts the guard the contract names in front of the handler', async () => {
    expect((await fetch(`${baseUrl}/secret`)).status).toBe(403);
  });
});
