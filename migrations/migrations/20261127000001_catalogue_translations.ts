import type { Knex } from 'knex';
import { runDdl } from '../sql';

const TRANSLATED_TABLES = ['products', 'regions', 'promotions', 'freefire_denominations', 'pubg_denominations'] as const;

/**
 * Catalogue texts in every language of the store. A row's own text columns are Russian, the default
 * language and the fallback; `translations` holds the others as `{"en": {"title": …}, "uz": {…}}`, keyed by
 * the same column names. A text missing or blank in a language reads as the Russian one (`localized`).
 * PUBG packages gain a name of their own (blank: the storefront names it by its UC amount).
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ${TRANSLATED_TABLES.map(
      (table) => `
    ALTER TABLE ${table}
      ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
      CONSTRAINT ${table}_translations_languages
      CHECK (jsonb_typeof(translations) = 'object' AND translations - 'en' - 'uz' = '{}'::jsonb);`,
    ).join('\n')}

    ALTER TABLE pubg_denominations ADD COLUMN name text NOT NULL DEFAULT '';

    -- A row's text in a language: its translation when there is one, else its own (Russian) text.
    CREATE FUNCTION localized(own text, translations jsonb, language text, field text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN coalesce(nullif(btrim(translations -> language ->> field), ''), own);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION localized(text, jsonb, text, text);
    ALTER TABLE pubg_denominations DROP COLUMN name;
    ${TRANSLATED_TABLES.map((table) => `ALTER TABLE ${table} DROP COLUMN translations;`).join('\n')}
    `,
  );
}
