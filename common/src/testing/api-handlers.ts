import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { BodyOf, Endpoint, ResponseOf } from '../api';
import type { ApiErrorBody, ErrorCode } from '../errors';

/*
 * MSW handlers for the web apps' component tests, typed from the contracts in `common/src/api`: the
 * storefront and the back office answer their calls with the same three pieces.
 */

/** What a handler learns of a call: its JSON body as the contract types it, its path parameters, the request. */
export interface Call<E extends Endpoint> {
  body: BodyOf<E>;
  params: Readonly<Record<string, string | readonly string[] | undefined>>;
  request: Request;
}

/** A success in the contract's shape, or a ready response (`refuse`, `never`). */
type Reply<E extends Endpoint> = ResponseOf<E> | Response;

/**
 * Answers one endpoint of `common/src/api` at its method and path: `on(endpoint).reply(resolve)`. The body
 * `resolve` returns must be the contract's response, so a contract change breaks the handler at typecheck.
 * (Two steps, so the endpoint is fixed before the reply is read and its literal fields keep their types.)
 */
export function on<E extends Endpoint>(endpoint: E) {
  return {
    reply: (resolve: (call: Call<E>) => Reply<E> | Promise<Reply<E>>): HttpHandler =>
      http[endpoint.method](`/api${endpoint.path}`, async ({ request, params }) => {
        const text = await request.clone().text();
        const body = (text ? JSON.parse(text) : undefined) as BodyOf<E>;
        const reply = await resolve({ body, params, request });
        return reply instanceof Response ? reply : HttpResponse.json(reply, { status: endpoint.status ?? 200 });
      }),
  };
}

/** The API's error body with the given status and code, as every failing route answers. */
export function refuse(status: number, code: ErrorCode, message = 'Refused', details?: unknown): Response {
  return HttpResponse.json<ApiErrorBody>({ error: { code, message, details } }, { status });
}

/** An answer that never comes, for the loading states. */
export async function never(): Promise<Response> {
  await delay('infinite');
  return new Response();
}
