import { ErrorCode, type ApiErrorBody } from '@topup/common';
import { AppError, RetryLaterError } from '../lib/app-error';
import type { AppContext, AppMiddleware } from '../types';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** Maps errors thrown by Koa, the body parser or the router (they carry an HTTP status) to our codes. */
function fromHttpError(err: HttpLikeError): AppError | undefined {
  const status = err.status ?? err.statusCode;
  if (!status || status >= 500) return undefined;
  // co-body throws a SyntaxError with status 400 for a body that is not JSON.
  if (err.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) {
    return new AppError(400, ErrorCode.MALFORMED_JSON, 'The request body is not valid JSON');
  }
  if (status === 413) {
    return new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large');
  }
  if (status === 415) {
    return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the request body as application/json');
  }
  if (status === 404) return new AppError(404, ErrorCode.NOT_FOUND, 'Not found');
  if (status === 401) return new AppError(401, ErrorCode.UNAUTHORIZED, 'Authentication required');
  if (status === 403) return new AppError(403, ErrorCode.FORBIDDEN, 'Forbidden');
  return new AppError(status, ErrorCode.VALIDATION_FAILED, err.expose && err.message ? err.message : 'Bad request');
}

/** How long a client is asked to wait while Postgres cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's codes for a peer that cannot be reached, and Postgres's for a server that will not take us now. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
]);

/** pg's messages for a connection that died under a query (they carry no code). */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error)/;

/**
 * Whether `err` says Postgres cannot serve right now: unreachable, shutting down, out of connections,
 * a connection lost mid-query (SQLSTATE class 08), or the pool waited in vain (knex's KnexTimeoutError).
 * Such a request is worth retrying, so it is answered 503, never 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'KnexTimeoutError' || LOST_CONNECTION.test(err.message)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // Node tries each address of a host name and reports every refusal together.
  return err instanceof AggregateError && err.errors.some(isDatabaseUnavailable);
}

function databaseUnavailable(ctx: AppContext, err: Error): RetryLaterError {
  // A warning without a stack: the outage is the operator's news, not a bug in this request.
  ctx.state.log.warn({ err: { name: err.name, code: (err as { code?: unknown }).code, message: err.message } }, 'database unavailable');
  return new RetryLaterError(
    503,
    ErrorCode.SERVICE_UNAVAILABLE,
    'The store is temporarily unavailable. Please try again in a moment.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
}

/** Postgres's codes for a value it will not store: what a too loose contract lets through. */
const REFUSED_VALUE_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '23514', // check_violation
]);

/**
 * Whether Postgres refused a value of the request. The contracts should have answered 400 first, so
 * such a request is still the client's mistake (400), logged as a contract to tighten.
 */
export function isRefusedValue(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && REFUSED_VALUE_CODES.has(code);
}

function refusedValue(ctx: AppContext, err: Error): AppError {
  const { code, constraint } = err as { code?: string; constraint?: string };
  ctx.state.log.warn({ err: { code, constraint, message: err.message } }, 'the database refused a value the contract let through');
  return new AppError(400, ErrorCode.VALIDATION_FAILED, 'The request is not valid');
}

function send(ctx: AppContext, error: AppError): void {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details !== undefined) body.error.details = error.details;
  if (error instanceof RetryLaterError) ctx.set('Retry-After', String(error.retryAfterSeconds));
  ctx.status = error.status;
  ctx.body = body;
}

/**
 * Sets the status and body a thrown error is answered with (logging the unexpected ones). Exported
 * for middleware that must see the final answer of a failed request, such as idempotency.
 */
export function renderError(ctx: AppContext, err: unknown): void {
  const known = err instanceof AppError ? err : fromHttpError(err as HttpLikeError);
  if (known) {
    send(ctx, known);
    return;
  }
  if (isDatabaseUnavailable(err)) {
    send(ctx, databaseUnavailable(ctx, err as Error));
    return;
  }
  if (isRefusedValue(err)) {
    send(ctx, refusedValue(ctx, err as Error));
    return;
  }
  ctx.state.log.error({ err }, 'unhandled error');
  send(
    ctx,
    new AppError(500, ErrorCode.INTERNAL_ERROR, 'Something went wrong on our side. Please try again.', {
      requestId: ctx.state.requestId,
    }),
  );
}

/** Every failure leaves as `{ error: { code, message, details } }`; a 5xx never carries internals. */
export function errorHandler(): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      renderError(ctx, err);
    }
  };
}
