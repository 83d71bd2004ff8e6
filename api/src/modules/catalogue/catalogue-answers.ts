import type { InvalidationBus } from '@topup/server-kit';
import { createAnswerCache, type AnswerDependency } from '../../lib/answer-cache';
import { contentLanguage } from '../../lib/content-language';
import type { PreparedAnswer } from '../../lib/prepared-answer';
import type { Serializable } from '../../lib/typed-routes';
import type { AppContext } from '../../types';

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
}) {
  const cache = createAnswerCache({ ttlMs: deps.ttlMs, max: MAX_ANSWERS });
  deps.invalidations.subscribe('catalogue', ({ productId }) => cache.drop(productId));

  return {
    /** The answer `key` names, in the request's language, from the cache or built by `build`. */
    answer: <T>(
      ctx: AppContext,
      key: string,
      dependsOn: AnswerDependency | ((value: Serializable<T>) => AnswerDependency),
      build: () => Promise<Serializable<T>>,
    ): Promise<PreparedAnswer<T>> => cache.get(`${contentLanguage(ctx)} ${key}`, dependsOn, build),
  };
}

export type CatalogueAnswers = ReturnType<typeof createCatalogueAnswers>;
