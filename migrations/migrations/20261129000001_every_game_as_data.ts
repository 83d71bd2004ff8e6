import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** A field of the specification's games: one account field, labelled in every language. */
const accountField = (key: string, ru: string, en: string, uz: string) =>
  JSON.stringify([{ key, label: ru, translations: { en: { label: en }, uz: { label: uz } }, kind: 'text', pattern: null, required: true }]);

/**
 * The specification's three games, as rows: their catalogue product (created, plainly, where a store
 * has none yet: the demo seed fills it in), the fields a shopper fills and how they are priced.
 */
const SPEC_GAMES = [
  {
    slug: 'pubg',
    title: 'PUBG Mobile',
    gameCurrency: 'UC',
    hasGlobalCodes: false,
    sortOrder: 1,
    fields: accountField('player_id', 'ID игрока', 'Player ID', "O'yinchi ID"),
    pricing: 'denominations',
  },
  {
    slug: 'freefire',
    title: 'Free Fire',
    gameCurrency: 'Diamonds',
    // Its published generated codes are sold as the product's global codes.
    hasGlobalCodes: true,
    sortOrder: 2,
    fields: accountField('player_id', 'ID игрока', 'Player ID', "O'yinchi ID"),
    pricing: 'denominations',
  },
  {
    slug: 'steam',
    title: 'Steam',
    gameCurrency: '',
    hasGlobalCodes: false,
    sortOrder: 3,
    fields: accountField('login', 'Логин Steam', 'Steam login', 'Steam login'),
    pricing: 'amount',
  },
] as const;

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Translations with `unit` added in English and Uzbek, beside whatever a row had. */
const withUnit = (en: string, uz: string) => `
  jsonb_build_object(
    'en', coalesce(translations -> 'en', '{}'::jsonb) || jsonb_build_object('unit', ${sqlText(en)}),
    'uz', coalesce(translations -> 'uz', '{}'::jsonb) || jsonb_build_object('unit', ${sqlText(uz)}))`;

/** A denomination's translations as the old tables kept them: without `unit`, and without a language left empty. */
const WITHOUT_UNIT = `
  (SELECT coalesce(jsonb_object_agg(language, texts - 'unit'), '{}'::jsonb)
     FROM jsonb_each(d.translations) AS t (language, texts)
    WHERE texts - 'unit' <> '{}'::jsonb)`;

const gameIdOf = (slug: string) => `(SELECT g.id FROM games g JOIN products p ON p.id = g.product_id WHERE p.slug = ${sqlText(slug)})`;

/**
 * Every game as data (docs/architecture.md, "Games"). A game is a row of `games` beside its catalogue
 * product (which holds its slug, texts, picture and active flag, so a slug is unique across products and
 * games); its denominations are rows of `game_denominations`, each delivered from its sources by
 * priority. PUBG's packages and Free Fire's offers move in with every id anyone sees: a PUBG package keeps
 * its id, a Free Fire offer its item id and, as `legacy_id`, the id its back office, generated codes and
 * thresholds know it by. The code tables keep their rows and point at the new table. Orders are not
 * touched. `down` puts the two old tables back with their rows.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE games (
      id           serial PRIMARY KEY,
      -- Its catalogue product: slug, title, description, picture, keywords, their translations, active.
      product_id   integer NOT NULL CONSTRAINT games_product_unique UNIQUE REFERENCES products (id) ON DELETE RESTRICT,
      -- The fields a shopper fills, in order (the first is the account credited):
      -- [{key, label, translations: {en: {label}, uz: {label}}, kind, pattern, required, choices (a select)}].
      fields       jsonb NOT NULL
                   CONSTRAINT games_fields_list CHECK (jsonb_typeof(fields) = 'array' AND jsonb_array_length(fields) BETWEEN 1 AND 8),
      -- Whether the storefront offers a Find button (and a top-up checks the account before charging).
      player_check boolean NOT NULL DEFAULT false,
      -- 'amount': priced from an amount the shopper enters (Steam), without denominations.
      pricing      text NOT NULL DEFAULT 'denominations'
                   CONSTRAINT games_pricing_valid CHECK (pricing IN ('denominations', 'amount')),
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now()
    );

    -- Free Fire's offers kept their ids (freefire_denominations.id); every denomination created since draws the next.
    CREATE SEQUENCE game_denominations_legacy_id_seq AS integer;

    CREATE TABLE game_denominations (
      id           serial PRIMARY KEY,
      game_id      integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
      -- The id Free Fire's back office, its generated codes and its low-stock thresholds know the offer by.
      legacy_id    integer CONSTRAINT game_denominations_legacy_id_unique UNIQUE
                   DEFAULT nextval('game_denominations_legacy_id_seq'),
      -- The game's own id of the offer (Free Fire's item_id): top-ups name the denomination by it, else by id.
      item_id      integer CONSTRAINT game_denominations_item_id_positive CHECK (item_id > 0),
      -- Russian, the default language; a blank PUBG package name is named by its UC amount.
      name         text NOT NULL DEFAULT '',
      unit         text NOT NULL DEFAULT '',
      translations jsonb NOT NULL DEFAULT '{}'
                   CONSTRAINT game_denominations_translations_languages
                   CHECK (jsonb_typeof(translations) = 'object' AND translations - 'en' - 'uz' = '{}'::jsonb),
      amount       integer NOT NULL CONSTRAINT game_denominations_amount_positive CHECK (amount > 0),
      price_usd    bigint NOT NULL CONSTRAINT game_denominations_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub    bigint NOT NULL CONSTRAINT game_denominations_price_rub_non_negative CHECK (price_rub >= 0),
      active       boolean NOT NULL DEFAULT true,
      sort_order   integer NOT NULL DEFAULT 0,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now()
    );
    ALTER SEQUENCE game_denominations_legacy_id_seq OWNED BY game_denominations.legacy_id;
    -- What a top-up's offer_id names within its game, never two denominations.
    CREATE UNIQUE INDEX game_denominations_offer_unique ON game_denominations (game_id, (coalesce(item_id, id)));
    -- A game's page and its back-office list, in display order.
    CREATE INDEX game_denominations_listing_idx ON game_denominations (game_id, sort_order, amount);

    -- Where a denomination is delivered from, tried by priority (1 first).
    CREATE TABLE game_denomination_sources (
      id              serial PRIMARY KEY,
      denomination_id integer NOT NULL REFERENCES game_denominations (id) ON DELETE CASCADE,
      -- 'sandbox': the game provider (GAME_PROVIDER) credits it; 'code_stock': a code of the store's stock is redeemed.
      kind            text NOT NULL CONSTRAINT game_denomination_sources_kind_valid CHECK (kind IN ('sandbox', 'code_stock')),
      priority        integer NOT NULL CONSTRAINT game_denomination_sources_priority_range CHECK (priority BETWEEN 1 AND 100),
      created_at      timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT game_denomination_sources_kind_unique UNIQUE (denomination_id, kind),
      CONSTRAINT game_denomination_sources_priority_unique UNIQUE (denomination_id, priority)
    );
    `,
  );

  for (const game of SPEC_GAMES) {
    await knex.raw(
      `INSERT INTO products (slug, title, translations, image_url, category, game_currency, has_global_codes, sort_order)
       VALUES (:slug, :title, :translations, :imageUrl, 'topup', :gameCurrency, :hasGlobalCodes, :sortOrder)
       ON CONFLICT (slug) DO NOTHING`,
      {
        slug: game.slug,
        title: game.title,
        translations: JSON.stringify({ en: { title: game.title }, uz: { title: game.title } }),
        imageUrl: `/images/${game.slug}.svg`,
        gameCurrency: game.gameCurrency,
        hasGlobalCodes: game.hasGlobalCodes,
        sortOrder: game.sortOrder,
      },
    );
    await knex.raw(
      `INSERT INTO games (product_id, fields, player_check, pricing)
       SELECT id, CAST(:fields AS jsonb), true, :pricing FROM products WHERE slug = :slug`,
      { fields: game.fields, pricing: game.pricing, slug: game.slug },
    );
  }

  await runDdl(
    knex,
    `
    INSERT INTO game_denominations (id, game_id, legacy_id, name, unit, translations, amount, price_usd, price_rub, active, created_at, updated_at)
    SELECT id, ${gameIdOf('pubg')}, NULL, name, 'UC', ${withUnit('UC', 'UC')}, uc_amount, price_usd, price_rub, active, created_at, updated_at
      FROM pubg_denominations;
    -- New denominations are numbered after every PUBG package ever created.
    SELECT setval('game_denominations_id_seq',
                  greatest((SELECT max(id) FROM game_denominations),
                           (SELECT CASE WHEN is_called THEN last_value END FROM pubg_denominations_id_seq), 1),
                  EXISTS (SELECT 1 FROM game_denominations) OR (SELECT is_called FROM pubg_denominations_id_seq));

    INSERT INTO game_denominations (game_id, legacy_id, item_id, name, unit, translations, amount, price_usd, price_rub, active, created_at, updated_at)
    SELECT ${gameIdOf('freefire')}, id, item_id, name, 'алмазов', ${withUnit('diamonds', 'olmos')}, game_amount, price_usd, price_rub,
           is_active, created_at, updated_at
      FROM freefire_denominations
     ORDER BY freefire_denominations.id;
    SELECT setval('game_denominations_legacy_id_seq',
                  greatest((SELECT max(legacy_id) FROM game_denominations),
                           (SELECT CASE WHEN is_called THEN last_value END FROM freefire_denominations_id_seq), 1),
                  EXISTS (SELECT 1 FROM game_denominations WHERE legacy_id IS NOT NULL) OR (SELECT is_called FROM freefire_denominations_id_seq));

    INSERT INTO game_denomination_sources (denomination_id, kind, priority)
    SELECT id, CASE WHEN game_id = ${gameIdOf('pubg')} THEN 'code_stock' ELSE 'sandbox' END, 1 FROM game_denominations;

    ALTER TABLE pubg_codes DROP CONSTRAINT pubg_codes_denomination_id_fkey,
      ADD CONSTRAINT pubg_codes_denomination_id_fkey FOREIGN KEY (denomination_id) REFERENCES game_denominations (id) ON DELETE CASCADE;
    ALTER TABLE generated_codes DROP CONSTRAINT generated_codes_denomination_id_fkey,
      ADD CONSTRAINT generated_codes_denomination_id_fkey FOREIGN KEY (denomination_id) REFERENCES game_denominations (legacy_id) ON DELETE RESTRICT;
    ALTER TABLE code_generation_requests DROP CONSTRAINT code_generation_requests_denomination_id_fkey,
      ADD CONSTRAINT code_generation_requests_denomination_id_fkey FOREIGN KEY (denomination_id) REFERENCES game_denominations (legacy_id) ON DELETE RESTRICT;
    ALTER TABLE stock_thresholds DROP CONSTRAINT stock_thresholds_pubg_denomination_id_fkey,
      ADD CONSTRAINT stock_thresholds_pubg_denomination_id_fkey FOREIGN KEY (pubg_denomination_id) REFERENCES game_denominations (id) ON DELETE CASCADE;
    ALTER TABLE stock_thresholds DROP CONSTRAINT stock_thresholds_freefire_denomination_id_fkey,
      ADD CONSTRAINT stock_thresholds_freefire_denomination_id_fkey FOREIGN KEY (freefire_denomination_id) REFERENCES game_denominations (legacy_id) ON DELETE CASCADE;

    DROP TABLE pubg_denominations;
    DROP TABLE freefire_denominations;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE freefire_denominations (
      id           serial PRIMARY KEY,
      name         text NOT NULL CONSTRAINT freefire_denominations_name_not_blank CHECK (btrim(name) <> ''),
      item_id      integer NOT NULL CONSTRAINT freefire_denominations_item_id_unique UNIQUE
                   CONSTRAINT freefire_denominations_item_id_positive CHECK (item_id > 0),
      price_usd    bigint NOT NULL CONSTRAINT freefire_denominations_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub    bigint NOT NULL CONSTRAINT freefire_denominations_price_rub_non_negative CHECK (price_rub >= 0),
      game_amount  integer NOT NULL CONSTRAINT freefire_denominations_game_amount_positive CHECK (game_amount > 0),
      is_active    boolean NOT NULL DEFAULT true,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      translations jsonb NOT NULL DEFAULT '{}'
                   CONSTRAINT freefire_denominations_translations_languages
                   CHECK (jsonb_typeof(translations) = 'object' AND translations - 'en' - 'uz' = '{}'::jsonb)
    );
    CREATE TABLE pubg_denominations (
      id           serial PRIMARY KEY,
      uc_amount    integer NOT NULL CONSTRAINT pubg_denominations_uc_amount_unique UNIQUE
                   CONSTRAINT pubg_denominations_uc_amount_positive CHECK (uc_amount > 0),
      price_usd    bigint NOT NULL CONSTRAINT pubg_denominations_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub    bigint NOT NULL CONSTRAINT pubg_denominations_price_rub_non_negative CHECK (price_rub >= 0),
      active       boolean NOT NULL DEFAULT true,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      translations jsonb NOT NULL DEFAULT '{}'
                   CONSTRAINT pubg_denominations_translations_languages
                   CHECK (jsonb_typeof(translations) = 'object' AND translations - 'en' - 'uz' = '{}'::jsonb),
      name         text NOT NULL DEFAULT ''
    );

    INSERT INTO pubg_denominations (id, uc_amount, price_usd, price_rub, active, created_at, updated_at, translations, name)
    SELECT d.id, d.amount, d.price_usd, d.price_rub, d.active, d.created_at, d.updated_at, ${WITHOUT_UNIT}, d.name
      FROM game_denominations d WHERE d.game_id = ${gameIdOf('pubg')};
    SELECT setval('pubg_denominations_id_seq', greatest((SELECT max(id) FROM pubg_denominations), 1), EXISTS (SELECT 1 FROM pubg_denominations));

    -- An offer created since without an item id is named by its id, as a top-up named it.
    INSERT INTO freefire_denominations (id, name, item_id, price_usd, price_rub, game_amount, is_active, created_at, updated_at, translations)
    SELECT d.legacy_id, d.name, coalesce(d.item_id, d.id), d.price_usd, d.price_rub, d.amount, d.active, d.created_at, d.updated_at, ${WITHOUT_UNIT}
      FROM game_denominations d WHERE d.game_id = ${gameIdOf('freefire')};
    SELECT setval('freefire_denominations_id_seq', greatest((SELECT max(id) FROM freefire_denominations), 1),
                  EXISTS (SELECT 1 FROM freefire_denominations));

    ALTER TABLE pubg_codes DROP CONSTRAINT pubg_codes_denomination_id_fkey,
      ADD CONSTRAINT pubg_codes_denomination_id_fkey FOREIGN KEY (denomination_id) REFERENCES pubg_denominations (id) ON DELETE CASCADE;
    ALTER TABLE generated_codes DROP CONSTRAINT generated_codes_denomination_id_fkey,
      ADD CONSTRAINT generated_codes_denomination_id_fkey FOREIGN KEY (denomination_id) REFERENCES freefire_denominations (id) ON DELETE RESTRICT;
    ALTER TABLE code_generation_requests DROP CONSTRAINT code_generation_requests_denomination_id_fkey,
      ADD CONSTRAINT code_generation_requests_denomination_id_fkey FOREIGN KEY (denomination_id) REFERENCES freefire_denominations (id) ON DELETE RESTRICT;
    ALTER TABLE stock_thresholds DROP CONSTRAINT stock_thresholds_pubg_denomination_id_fkey,
      ADD CONSTRAINT stock_thresholds_pubg_denomination_id_fkey FOREIGN KEY (pubg_denomination_id) REFERENCES pubg_denominations (id) ON DELETE CASCADE;
    ALTER TABLE stock_thresholds DROP CONSTRAINT stock_thresholds_freefire_denomination_id_fkey,
      ADD CONSTRAINT stock_thresholds_freefire_denomination_id_fkey FOREIGN KEY (freefire_denomination_id) REFERENCES freefire_denominations (id) ON DELETE CASCADE;

    DROP TABLE game_denomination_sources;
    DROP TABLE game_denominations;
    DROP TABLE games;
    `,
  );
}
