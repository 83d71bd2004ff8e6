/** The languages of the store and of its catalogue texts (plain values, for the browser apps too). */

/** The languages of the store; the first is the default, in which a catalogue row's own fields are written. */
export const CONTENT_LANGUAGES = ['ru', 'en', 'uz'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = CONTENT_LANGUAGES[0];
/** The languages a catalogue row carries besides its own (default-language) fields. */
export const TRANSLATED_LANGUAGES = ['en', 'uz'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
