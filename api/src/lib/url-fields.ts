/**
 * Admin-supplied addresses the web apps put into `src` (product images, region flags). Only http(s)
 * or a path of the store itself: `javascript:`, `data:`, `vbscript:` and the like are refused, and so
 * are `//host` and `/\host`, which browsers read as another site.
 */

/** Whitespace and control characters: browsers drop some of them inside URLs, turning `/\t/x` into `//x`. */
const SPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/** Longest emoji-like flag text, in code points (a subdivision flag such as England's takes 7). */
const MAX_FLAG_TEXT = 16;

/** An absolute http(s) URL with a host, or a path of this store starting with a single `/`. */
export function isWebUrl(text: string): boolean {
  const value = text.trim();
  if (value === '' || SPACE_OR_CONTROL.test(value)) return false;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A few characters that no browser reads as an address: an emoji flag such as 🇹🇷, or a short label. */
function isShortText(text: string): boolean {
  const value = text.trim();
  return [...value].length <= MAX_FLAG_TEXT && !SPACE_OR_CONTROL.test(value) && !/[:/\\]/.test(value);
}

/**
 * ajv formats for these fields, registered by the validation layer, with the message a refusal
 * names the field with. Both accept '' (blank = none; the fields are trimmed when stored).
 */
export const urlFormats: Record<string, { validate: (text: string) => boolean; message: string }> = {
  'web-url': {
    validate: (text) => text.trim() === '' || isWebUrl(text),
    message: 'must be an http(s) URL or a path of the store starting with /',
  },
  'emoji-or-web-url': {
    validate: (text) => text.trim() === '' || isWebUrl(text) || isShortText(text),
    message: `must be an emoji (at most ${MAX_FLAG_TEXT} characters, no ":" or "/") or an http(s) URL or a path of the store starting with /`,
  },
};
