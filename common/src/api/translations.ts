import Type, { type TSchema } from 'typebox';
import { Strict } from './contract';

export { CONTENT_LANGUAGES, DEFAULT_CONTENT_LANGUAGE, TRANSLATED_LANGUAGES, type ContentLanguage, type TranslatedLanguage } from '../content-languages';
import type { TranslatedLanguage } from '../content-languages';

/**
 * A catalogue record's texts in the other languages, `{en: {title: …}, uz: {…}}`, keyed by the record's own
 * field names. Any field or language may be missing: it reads as the default-language field.
 */
export function Translations<Fields extends Record<string, TSchema>>(fields: Fields) {
  const oneLanguage = Strict(Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as { [Name in keyof Fields]: ReturnType<typeof Type.Optional<Fields[Name]>> });
  return Strict(
    { en: Type.Optional(oneLanguage), uz: Type.Optional(oneLanguage) },
    { description: 'Texts in English and Uzbek, by field name; a missing or blank one reads as the Russian field.' },
  );
}
export type TranslationsOf<Fields extends Record<string, unknown>> = Partial<Record<TranslatedLanguage, Partial<Fields>>>;

/**
 * The translations of a record's plain texts, each text at most as long as the field it translates
 * (`{title: 200}`); blank ones are allowed (they read as the Russian field).
 */
export function TranslatedTexts<Field extends string>(maxLengths: Record<Field, number>) {
  const fields = Object.fromEntries(
    Object.entries<number>(maxLengths).map(([field, maxLength]) => [field, Type.String({ maxLength })]),
  ) as Record<Field, ReturnType<typeof Type.String>>;
  return Translations(fields);
}
