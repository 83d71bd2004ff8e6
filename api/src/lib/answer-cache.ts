import { LRUCache } from 'lru-cache';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer';
import type { Serializable } from './typed-routes';

/**
 * What makes a cached answer stale besides dropping everything: a change of one product (its page,
 * its price options), of any product (lists, which any product may join or leave), or none.
 */
export type AnswerDependency = number | 'every product' | 'no product';

interface Entry {
  answer: Promise<PreparedAnswer>;
  /** The answer once built, for `ready`. */
  built?: PreparedAnswer;
  /** Unknown until built when it depends on the value (a page found by slug): until then any product change drops it. */
  dependsOn?: AnswerDependency;
}

export interface AnswerCache {
  /**
   * The answer cached under `key`, else the one `build` makes (once, however many requests wait for
   * it). A failed build is not kept: its error reaches the requests that waited for it.
   */
  get<T>(
    key: string,
    dependsOn: AnswerDependency | ((value: Serializable<T>) => AnswerDependency),
    build: () => Promise<Serializable<T>>,
  ): Promise<PreparedAnswer<T>>;
  /** The answer cached under `key` if it is built, without waiting for one being built. */
  ready(key: string): PreparedAnswer | undefined;
  /** Drops the answers that depend on this product, or every answer when none is named. */
  drop(productId?: number): void;
}

/**
 * Prepared answers in memory, each kept at most `ttlMs` (the safety net for a change whose
 * invalidation never arrived) and at most `max` of them, the least recently used going first.
 * An answer dropped while it is being built is never stored: the requests already waiting for it
 * get it, the next one builds anew from what is committed by then.
 */
export function createAnswerCache(options: { ttlMs: number; max: number }): AnswerCache {
  const entries = new LRUCache<string, Entry>({ max: options.max, ttl: options.ttlMs });

  return {
    get<T>(
      key: string,
      dependsOn: AnswerDependency | ((value: Serializable<T>) => AnswerDependency),
      build: () => Promise<Serializable<T>>,
    ): Promise<PreparedAnswer<T>> {
      const cached = entries.get(key);
      if (cached) return cached.answer as Promise<PreparedAnswer<T>>;
      const answer = build().then(async (value) => {
        if (typeof dependsOn === 'function') entry.dependsOn = dependsOn(value);
        const prepared = await prepareAnswer<T>(value);
        entry.built = prepared;
        return prepared;
      });
      const entry: Entry = { answer, dependsOn: typeof dependsOn === 'function' ? undefined : dependsOn };
      entries.set(key, entry);
      answer.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return answer;
    },

    ready: (key) => entries.get(key)?.built,

    drop(productId?: number): void {
      if (productId === undefined) {
        entries.clear();
        return;
      }
      const stale = [...entries.entries()]
        .filter(([, entry]) => entry.dependsOn === undefined || entry.dependsOn === 'every product' || entry.dependsOn === productId)
        .map(([key]) => key);
      for (const key of stale) entries.delete(key);
    },
  };
}
