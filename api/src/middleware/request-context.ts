import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import type { AppMiddleware } from '../types';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Gives every request an id (kept from X-Request-Id when sane), a child logger, and one access-log line. */
export function requestContext(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.valid = {};
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: ctx.method, url: ctx.originalUrl, status: ctx.status, ms: Math.round(ms * 10) / 10 };
      if (ctx.status >= 500) ctx.state.log.error(line, 'request failed');
      else ctx.state.log.info(line, 'request');
    }
  };
}
