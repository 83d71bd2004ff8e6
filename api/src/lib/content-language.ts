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
  const asked = ctx.query.lang;
  const primary = (typeof asked === 'string' ? asked : '').split('-')[0]!.toLowerCase();
  if (isContentLanguage(primary)) return primary;
  const header = ctx.get('accept-language');
  let language = byAcceptLanguage.get(header);
  if (!language) {
    language = (ctx.acceptsLanguages(...CONTENT_LANGUAGES) || CONTENT_LANGUAGES[0]) as ContentLanguage;
    byAcceptLanguage.set(header, language);
  }
  return language;
}
