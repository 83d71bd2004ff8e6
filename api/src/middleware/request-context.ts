import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { runTraced } from '../lib/trace-context';
import type { Logger } from '../logger';
import type { AppMiddleware, AppState } from '../types';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Back-office lists searched by activation code: their query (a code in clear) is never logged. */
const CODE_SEARCH_PATHS = ['/api/admin/codes', '/api/admin/generated-codes', '/api/pubg-admin/codes'];
/** Query parameters whose values are secrets on any path. */
const SECRET_PARAMETER = /token|secret|password|code|signature|key/i;
const REDACTED = '[redacted]';

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The request's URL as the access log shows it: codes and tokens replaced by `[redacted]`. Paths are
 * compared decoded and case-insensitively, so no spelling of a path the router accepts slips past.
 */
export function loggableUrl(originalUrl: string): string {
  const queryStart = originalUrl.indexOf('?');
  if (queryStart === -1) return originalUrl;
  const path = originalUrl.slice(0, queryStart);
  const lowerPath = decodedPath(path).toLowerCase();
  if (CODE_SEARCH_PATHS.some((prefix) => lowerPath === prefix || lowerPath.startsWith(`${prefix}/`))) {
    return `${path}?${REDACTED}`;
  }
  const query = new URLSearchParams(originalUrl.slice(queryStart + 1));
  if (![...query.keys()].some((name) => SECRET_PARAMETER.test(name))) return originalUrl;
  const shown = [...query].map(([name, value]) => `${name}=${SECRET_PARAMETER.test(name) ? REDACTED : value}`);
  return `${path}?${shown.join('&')}`;
}

/** bull-board's page scripts, styles and images (served under the API's path). */
const QUEUE_DASHBOARD_FILES = '/api/admin/queues/static/';

/**
 * A web app's file (a script, a style, an image, a translation) served as asked: left out of the
 * access log, where a page load would otherwise add dozens of lines. API calls and page navigations
 * (paths without an extension, answered with index.html) stay, and so does a failed file.
 */
function isStaticFile(requestPath: string, status: number): boolean {
  if (status >= 400) return false;
  if (requestPath.startsWith(QUEUE_DASHBOARD_FILES)) return true;
  const underApi = requestPath === '/api' || requestPath.startsWith('/api/');
  return !underApi && path.extname(requestPath) !== '';
}

/** The request's id: the client's X-Request-Id when it is sane (a proxy's, to follow one request across), else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** What the access log says of one answered request. */
export interface AccessEntry {
  requestId: string;
  method: string;
  /** As asked (`ctx.originalUrl`): its secrets are redacted here. */
  url: string;
  userId?: number;
  status: number;
  ms: number;
}

/** Writes one access-log line per request. Never headers (Authorization, cookies): the method, the URL with its secrets redacted, who asked, the outcome. */
export function createAccessLog(logger: Logger): (entry: AccessEntry) => void {
  // The line holds no field the logger's redaction looks for (its URL is redacted here), so the
  // redaction's walk over it, a good part of the line's cost, is left out.
  const accessLogger = logger.child({}, { redact: [] });
  return ({ requestId, method, url, userId, status, ms }) => {
    const line = {
      requestId,
      method,
      url: loggableUrl(url),
      ...(userId === undefined ? {} : { userId }),
      status,
      ms: Math.round(ms * 10) / 10,
    };
    // A 503 is a refusal to retry later (overload, a service away), not a bug: a warning, not an error.
    if (status === 503) accessLogger.warn(line, 'request refused');
    else if (status >= 500) accessLogger.error(line, 'request failed');
    else accessLogger.info(line, 'request');
  };
}

/**
 * Gives every request an id, a child logger, and one access-log line. What the request then does
 * runs traced by that id from `traceRequests` on.
 */
export function requestContext(logger: Logger): AppMiddleware {
  const logAccess = createAccessLog(logger);
  /** `ctx.state.log`, made on first use: most requests log nothing but their access line (written by the logger itself, with the id). */
  function requestLog(this: AppState): Logger {
    const log = logger.child({ requestId: this.requestId });
    Object.defineProperty(this, 'log', { value: log, enumerable: true });
    return log;
  }

  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.state.valid = {};
    Object.defineProperty(ctx.state, 'log', { get: requestLog, configurable: true, enumerable: true });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (!isStaticFile(ctx.path, ctx.status)) {
        logAccess({
          requestId,
          method: ctx.method,
          url: ctx.originalUrl,
          userId: ctx.state.user?.id ?? ctx.state.session?.user.id,
          status: ctx.status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        });
      }
    }
  };
}

/**
 * Runs the rest of the request traced by its id: outbox rows written while answering remember it (see
 * trace-context). Placed after the answers served from memory, which write nothing and so need no trace.
 */
export const traceRequests: AppMiddleware = (ctx, next) => runTraced({ requestId: ctx.state.requestId }, next);
