import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiErrorBody, ErrorCode } from '@topup/common';
import type { BodyOf, Endpoint, ResponseOf } from '@topup/common/api';

/** The back office's API in the component tests: MSW answers in the process; a call no test answers fails the test. */
export const server = setupServer();

/**
 * `on(endpoint).reply(resolve)` answers one back-office endpoint of `common/src/api` with what `resolve`
 * returns for the call's typed body and path: the contract's response (a contract change breaks the
 * handler at typecheck), or a ready `Response` from `refuse`.
 */
export function on<E extends Endpoint>(endpoint: E) {
  type Reply = ResponseOf<E> | Response;
  return {
    reply: (resolve: (body: BodyOf<E>, id: number) => Reply | Promise<Reply>): HttpHandler =>
      http[endpoint.method](`/api${endpoint.path}`, async ({ request, params }) => {
        const body = (request.method === 'GET' ? undefined : await request.json()) as BodyOf<E>;
        const reply = await resolve(body, Number(params.id));
        return reply instanceof Response ? reply : HttpResponse.json(reply, { status: endpoint.status ?? 200 });
      }),
  };
}

/** The API's error body, as every refused call answers. */
export function refuse(status: number, code: ErrorCode, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ error: { code, message } }, { status });
}
