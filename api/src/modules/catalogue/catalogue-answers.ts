import type { IncomingMessage } from 'node:http';
import type { InvalidationBus } from '@topup/server-kit';
import { createAnswerCache, type AnswerDependency } from '../../lib/answer-cache';
import { contentLanguageOf } from '../../lib/content-language';
import type { PreparedAnswer } from '../../lib/prepared-answer';
import type { Serializable } from '../../lib/typed-routes';
import type { AnswerInMemory } from '../../middleware/answers-from-memory';
import type { AppContext, AppMiddleware } from '../../types';

/**
 * An answer's key: its language and the URL. Worked out from the request itself, so a request
 * answered before Koa (answers-from-memory) and one in Koa's middleware find the same answer. `lang`
 * is read as Koa's `ctx.query` reads it: one value is the value, several are none.
 */
function keyOfRequest(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const langs = queryStart === -1 ? [] : new URLSearchParams(url.slice(queryStart + 1)).getAll('lang');
  return `${contentLanguageOf(request, langs.length === 1 ? langs[0] : undefined)} ${url}`;
}

const keyOf = (ctx: AppContext) => keyOfRequest(ctx.req);

/** Enough for every page, option list and language of a large catalogue, and bounded against endless searches. */
const MAX_ANSWERS = 5_000;

/**
 * The shopper's catalogue reads (products, prices, promotions, Free Fire offers, PUBG packages) as
 * answers prepared once per language and kept until a change to what they show is published on the
 * `catalogue` topic. They are the same for every shopper: nothing user-specific goes in them.
 */
export function createCatalogueAnswers(deps: {
  invalidations: InvalidationBus;
  /** The safety net for a change whose invalidation never reached this process (Redis away). */
  ttlMs: number;
  /** The next moment a promotion starts or ends: the prices answered change then (nextPromotionBoundary). */
  nextPriceChange: () => Promise<Date | null>;
}) {
  const cache = createAnswerCache({ ttlMs: deps.ttlMs, max: MAX_ANSWERS });
  deps.invalidations.subscribe('catalogue', ({ productId }) => cache.drop(productId));

  /*
   * A promotion's period changes prices at its start and end without any write: every answer goes at
   * the earliest boundary read while building one (docs/architecture.md, "Promotions that discount").
   */
  let pricesChangeAt = Number.POSITIVE_INFINITY;
  const dropAtPriceChange = () => {
    if (Date.now() < pricesChangeAt) return;
    pricesChangeAt = Number.POSITIVE_INFINITY;
    cache.drop();
  };
  // The boundary is read before the answer, so an answer built across it is dropped at once.
  const noting = <T>(build: () => Promise<T>) => async (): Promise<T> => {
    const boundary = await deps.nextPriceChange();
    if (boundary) pricesChangeAt = Math.min(pricesChangeAt, boundary.getTime());
    return build();
  };

  /** The route each answer was built by, so a request served from the cache is measured under it. */
  const routeOfAnswer = new WeakMap<PreparedAnswer, string>();

  return {
    /**
     * The answer to this request (its route has validated it), from the cache or built by `build`.
     * It is cached by language and URL: the same URL always passes the same checks.
     */
    answer: <T>(
      ctx: AppContext,
      dependsOn: AnswerDependency | ((value: Serializable<T>) => AnswerDependency),
      build: () => Promise<Serializable<T>>,
    ): Promise<PreparedAnswer<T>> => {
      dropAtPriceChange();
      const answer = cache.get(keyOf(ctx), dependsOn, noting(build));
      void answer.then((prepared) => routeOfAnswer.set(prepared, String(ctx._matchedRoute)), () => undefined);
      return answer;
    },

    /**
     * Sends a GET its answer straight from the cache when a request with the same URL and language
     * was answered before, without the body parser and the router: the answer is the same for every
     * shopper, and the route checked that URL when it built it. `mayServe` says whether the request's
     * sender may have it at all (a token sent must be valid, as on the route); when it says no, the
     * request goes the whole way and gets the route's own answer. Put it after the middleware every
     * answer needs (request id and log, security headers).
     */
    serveCached:
      (mayServe: (ctx: AppContext) => Promise<boolean>): AppMiddleware =>
      async (ctx, next) => {
        dropAtPriceChange();
        const cached = ctx.method === 'GET' || ctx.method === 'HEAD' ? cache.ready(keyOf(ctx)) : undefined;
        if (cached && (await mayServe(ctx))) {
          ctx.state.answeredRoute = routeOfAnswer.get(cached);
          cached.send(ctx);
        }
        else await next();
      },

    /**
     * The answer serveCached would send this request, found without Koa (answers-from-memory), when
     * it comes without a token: one sent must be checked, which takes the app's guards.
     */
    find(request: IncomingMessage): AnswerInMemory | undefined {
      if (request.method !== 'GET' || request.headers.authorization !== undefined || !request.url?.startsWith('/api/')) return undefined;
      dropAtPriceChange();
      const answer = cache.ready(keyOfRequest(request));
      // Until its route is noted (a moment after it is built), serveCached answers it, counted as Koa counts it.
      const route = answer && routeOfAnswer.get(answer);
      return answer && route !== undefined ? { answer, route } : undefined;
    },
  };
}

export type CatalogueAnswers = ReturnType<typeof createCatalogueAnswers>;
