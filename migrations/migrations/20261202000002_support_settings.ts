import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * The support page's settings, which the back office edits: the messenger its floating button opens
 * (the handle the storefront once had in its code) and the intro under its title per language ('' keeps
 * the storefront's own words). One row, like currency_settings.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE support_settings (
      id             smallint PRIMARY KEY DEFAULT 1 CONSTRAINT support_settings_singleton CHECK (id = 1),
      messenger_name text NOT NULL DEFAULT 'Telegram'
                       CONSTRAINT support_settings_messenger_name_valid CHECK (btrim(messenger_name) <> '' AND char_length(messenger_name) <= 40),
      messenger_url  text NOT NULL DEFAULT 'https://t.me/topuparena_support'
                       CONSTRAINT support_settings_messenger_url_valid CHECK (messenger_url = '' OR (messenger_url ~ '^https://\\S+$' AND char_length(messenger_url) <= 200)),
      intro          jsonb NOT NULL DEFAULT '{"ru": "", "en": "", "uz": ""}'
                       CONSTRAINT support_settings_intro_object CHECK (jsonb_typeof(intro) = 'object'),
      updated_at     timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO support_settings (id) VALUES (1);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, 'DROP TABLE support_settings;');
}
