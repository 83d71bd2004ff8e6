import { ErrorCode, type ApiErrorBody } from '@topup/common';
import { AppError } from '../lib/app-error';
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

function send(ctx: AppContext, error: AppError): void {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details !== undefined) body.error.details = error.details;
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
