import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppMiddleware } from '../types';

/** The store's security headers: helmet's defaults with a content security policy for both web apps. */
const STORE_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      // react-admin's Material UI injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
};

/**
 * Helmet's security headers with the store's options, and `extra` ones. They are the same for every
 * request (no nonce functions), so helmet works them out once, at start, and each request only copies
 * them: run per request, helmet cost a cached catalogue answer more than all the rest of its way
 * through the app.
 */
export function storeSecurityHeaders(extra: Array<[string, string]> = []): Array<[string, string]> {
  return [...helmetHeaders(STORE_HELMET_OPTIONS), ...extra];
}

/** Sets `headers` (storeSecurityHeaders) on every answer. */
export function securityHeaders(headers: Array<[string, string]>): AppMiddleware {
  return async (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    await next();
  };
}

/** The headers helmet sets on a response, recorded from one run of its middleware. */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    // Helmet drops X-Powered-By, which Koa never sets.
    removeHeader: (name: string) => headers.delete(name),
  };
  let ran = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    ran = true;
  });
  // Helmet's middleware finishes at once; were it ever to finish later, what was recorded would be partial.
  if (!ran) throw new Error('helmet did not finish at once: its headers cannot be worked out once');
  return [...headers];
}
