import type { Knex } from 'knex';
import { TRANSLATED_LANGUAGES, type ContentLanguage, type TranslatedLanguage, type TranslationsOf } from '@topup/common/api';

/**
 * Catalogue texts in the store's languages (migration 20261127000001_catalogue_translations). A row's own
 * text columns are Russian; its `translations` jsonb holds English and Uzbek keyed by the same column names.
 */

/** A row's `translations` column: `{en: {title: …}, uz: {…}}` by column name. */
export type RowTranslations<Column extends string = string> = Partial<Record<TranslatedLanguage, Partial<Record<Column, string>>>>;

/**
 * `alias.column` in `language` (its translation when not blank, else the Russian text), selected as
 * `as` (the column's own name by default). The language is a bound value, so a prepared statement
 * serves every language.
 */
export const localizedColumn = (db: Knex, alias: string, column: string, language: ContentLanguage, as: string = column): Knex.Raw =>
  db.raw('localized(??, ??, ?, ?) as ??', [`${alias}.${column}`, `${alias}.translations`, language, column, as]);

/**
 * How one back-office resource's translatable fields (API names) map to its columns, and the two
 * directions between a record's `translations` and the row's.
 */
export function translatedFields<Field extends string, Column extends string>(columnOf: Record<Field, Column>) {
  const fields = Object.keys(columnOf) as Field[];

  return {
    /** Every language and field of the record, '' where the row has no text (it reads as the Russian one). */
    toRecord(stored: RowTranslations<Column> | null | undefined): Record<TranslatedLanguage, Record<Field, string>> {
      const inLanguage = (language: TranslatedLanguage) =>
        Object.fromEntries(fields.map((field) => [field, stored?.[language]?.[columnOf[field]] ?? ''])) as Record<Field, string>;
      return { en: inLanguage('en'), uz: inLanguage('uz') };
    },

    /**
     * The row's translations after a create or update: each text sent replaces the record's current one
     * (`current`, none on a create), trimmed; a blank one is dropped, so it reads as the Russian one.
     */
    toRow(
      sent: TranslationsOf<Record<Field, string>>,
      current?: TranslationsOf<Record<Field, string>>,
    ): RowTranslations<Column> {
      const row: RowTranslations<Column> = {};
      for (const language of TRANSLATED_LANGUAGES) {
        const texts: Partial<Record<Column, string>> = {};
        for (const field of fields) {
          const text = (sent[language]?.[field] ?? current?.[language]?.[field] ?? '').trim();
          if (text !== '') texts[columnOf[field]] = text;
        }
        if (Object.keys(texts).length > 0) row[language] = texts;
      }
      return row;
    },
  };
}
