import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PreparedAnswer } from '../lib/prepared-answer';
import { requestIdOf, type AccessEntry } from './request-context';

/** A cached answer to a request, found from the request alone, and the route that built it. */
export interface AnswerInMemory {
  answer: PreparedAnswer;
  route: string;
}

export interface AnswersFromMemoryDeps {
  /** The answer in memory for this request, if it may be sent without Koa (catalogue-answers). */
  find(request: IncomingMessage): AnswerInMemory | undefined;
  /** The headers every answer carries (storeSecurityHeaders). */
  headers: Array<[string, string]>;
  logAccess(entry: AccessEntry): void;
  recordRequest(method: string, route: string, status: number, seconds: number): void;
}

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Sends an answer kept in memory (a shopper's catalogue read) before Koa makes a context for the
 * request: with the same request id, headers, access-log line and request metric that the app's
 * middleware gives it, the same status and body. Koa's context and middleware chain cost a cached
 * answer about as much as node's own HTTP work (docs/architecture.md, "Catalogue from memory").
 * Every other request goes to `handle`.
 */
export function answersFromMemoryFirst(deps: AnswersFromMemoryDeps, handle: RequestHandler): RequestHandler {
  const everyAnswer = deps.headers.flat();
  return (request, response) => {
    const found = deps.find(request);
    if (!found) {
      handle(request, response);
      return;
    }
    const started = process.hrtime.bigint();
    const incomingId = request.headers['x-request-id'];
    const requestId = requestIdOf(typeof incomingId === 'string' ? incomingId : undefined);
    const status = found.answer.writeTo(request, response, ['X-Request-Id', requestId, ...everyAnswer]);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    deps.recordRequest('GET', found.route, status, ms / 1000);
    deps.logAccess({ requestId, method: 'GET', url: request.url ?? '/', status, ms });
  };
}
