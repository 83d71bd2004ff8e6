import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';
import { LRUCache } from 'lru-cache';
import { CONTENT_LANGUAGES, type ContentLanguage } from '@topup/common/api';
import type { AppContext } from '../types';

/** A browser sends the same Accept-Language every time: each one is negotiated once. */
const byAcceptLanguage = new LRUCache<string, ContentLanguage>({ max: 1000 });

const isContentLanguage = (value: string): value is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(value);

/**
 * The language an answer is written in: `?lang=` (`en`, `en-US`), else the best of Accept-Language,
 * else Russian.
 */
export function contentLanguage(ctx: AppContext): ContentLanguage {
  return contentLanguageOf(ctx.req, ctx.query.lang);
}

/** contentLanguage from the request itself and its `lang` query parameter, before Koa has a context for it. */
export function contentLanguageOf(request: IncomingMessage, langParameter: unknown): ContentLanguage {
  const primary = (typeof langParameter === 'string' ? langParameter : '').split('-')[0]!.toLowerCase();
  if (isContentLanguage(primary)) return primary;
  const header = request.headers['accept-language'] ?? '';
  let language = byAcceptLanguage.get(header);
  if (!language) {
    language = (accepts(request).languages(...CONTENT_LANGUAGES) || CONTENT_LANGUAGES[0]) as ContentLanguage;
    byAcceptLanguage.set(header, language);
  }
  return language;
}
