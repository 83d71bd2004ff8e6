import type Router from '@koa/router';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Static } from 'typebox';
import type { Endpoint } from '@topup/common/api';
import type { AuthGuards } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { EventStream } from './event-stream';
import { FileAnswer } from './file-answer';
import { PreparedAnswer } from './prepared-answer';
import type { AppContext, AppMiddleware, AppState } from '../types';

/** The request parts a route's schemas checked, typed by them. */
export interface ValidInput<E extends Endpoint> {
  params: Static<Exclude<E['params'], undefined>>;
  query: Static<Exclude<E['query'], undefined>>;
  body: Static<Exclude<E['body'], undefined>>;
}

/** A JSON answer as the server holds it before serialization: timestamps may still be Dates. */
export type Serializable<T> = T extends string
  ? string | Date
  : T extends readonly (infer Item)[]
    ? Serializable<Item>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

/**
 * A handler answers the value, the value prepared once for many requests (a cached answer), a streamed
 * file, or a stream of events (a contract with `eventStream`).
 */
export type RouteHandler<E extends Endpoint> = (
  ctx: AppContext,
  input: ValidInput<E>,
) => Promise<Serializable<Static<E['response']>> | PreparedAnswer<Static<E['response']>> | FileAnswer | EventStream>;

const ENDPOINT = Symbol('endpoint');

/** The contract a route was declared with, read off its middleware (for the route listing and the OpenAPI document). */
export function endpointOf(middleware: unknown): Endpoint | undefined {
  return (middleware as { [ENDPOINT]?: Endpoint } | undefined)?.[ENDPOINT];
}

/**
 * In tests every answer is checked against its schema after a JSON round trip, so a schema that drifts
 * from what a handler returns fails the suite instead of misleading the document and the clients.
 */
const checkAnswers = process.env.NODE_ENV === 'test';
const answerAjv = new Ajv({ allErrors: true, strict: false });
addFormats(answerAjv);

function answerChecker(endpoint: Endpoint): ((body: unknown) => void) | undefined {
  if (!checkAnswers) return undefined;
  const check: ValidateFunction = answerAjv.compile(endpoint.response);
  return (body) => {
    const wire: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    if (!check(wire)) {
      const where = `${endpoint.method.toUpperCase()} /api${endpoint.path}`;
      throw new Error(`${where} answered outside its response schema: ${answerAjv.errorsText(check.errors)}`);
    }
  };
}

function guardFor(endpoint: Endpoint, guards: AuthGuards | undefined): AppMiddleware[] {
  if (endpoint.auth === 'none') return [];
  if (!guards) throw new Error(`${endpoint.path} needs the auth guards for "${endpoint.auth}"`);
  const byAuth = {
    user: guards.requireUser,
    admin: guards.requireAdmin,
    session: guards.requireSession,
    'admin-enrolment': guards.requireAdminEnrolment,
  } as const;
  return [byAuth[endpoint.auth]];
}

/**
 * Declares routes from their contracts in common: the guard the contract names, the route's own middleware
 * (rate limits, idempotency), the schemas' validation, then the handler, whose answer becomes the body (with the contract's status). Paths in contracts are
 * below /api; the router's own prefix is taken off.
 */
export function typedRoutes(router: Router<AppState>, guards?: AuthGuards) {
  const prefix = router.opts.prefix ?? '';

  function add<E extends Endpoint>(endpoint: E, handler: RouteHandler<E>): void;
  function add<E extends Endpoint>(endpoint: E, middleware: AppMiddleware[], handler: RouteHandler<E>): void;
  function add<E extends Endpoint>(
    endpoint: E,
    middlewareOrHandler: AppMiddleware[] | RouteHandler<E>,
    maybeHandler?: RouteHandler<E>,
  ): void {
    const [middleware, handler] =
      typeof middlewareOrHandler === 'function' ? [[], middlewareOrHandler] : [middlewareOrHandler, maybeHandler!];
    if (!endpoint.path.startsWith(prefix)) throw new Error(`${endpoint.path} is outside the router's prefix ${prefix}`);
    const path = endpoint.path.slice(prefix.length) || '/';
    const checks = Object.assign(validate({ params: endpoint.params, query: endpoint.query, body: endpoint.body }), {
      [ENDPOINT]: endpoint,
    });
    const checkAnswer = answerChecker(endpoint);
    const respond: AppMiddleware = async (ctx) => {
      const body = await handler(ctx, ctx.state.valid as ValidInput<E>);
      if (body instanceof PreparedAnswer) {
        checkAnswer?.(JSON.parse(body.json));
        body.send(ctx);
        return;
      }
      if (body instanceof FileAnswer || body instanceof EventStream) {
        body.send(ctx);
        return;
      }
      checkAnswer?.(body);
      ctx.body = body;
      if (endpoint.status) ctx.status = endpoint.status;
    };
    router.register(path, [endpoint.method], [...guardFor(endpoint, guards), ...middleware, checks, respond]);
  }

  return { add };
}
