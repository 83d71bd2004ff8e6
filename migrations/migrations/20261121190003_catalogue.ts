import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** Products, regions and which regions each product is sold in. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE products (
      id                      serial PRIMARY KEY,
      -- The storefront address /products/<slug>.
      slug                    text NOT NULL
                              CONSTRAINT products_slug_unique UNIQUE
                              CONSTRAINT products_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title                   text NOT NULL CONSTRAINT products_title_not_blank CHECK (btrim(title) <> ''),
      description             text NOT NULL DEFAULT '',
      image_url               text NOT NULL DEFAULT '',
      -- Comma separated words the product search matches.
      keywords                text NOT NULL DEFAULT '',
      category                text NOT NULL
                              CONSTRAINT products_category_valid CHECK (category IN ('topup', 'gift_card')),
      -- What the amounts count (UC, Diamonds, USD ...); a region may override it (product_regions).
      game_currency           text NOT NULL DEFAULT '',
      activation_instructions text NOT NULL DEFAULT '',
      has_regions             boolean NOT NULL DEFAULT false,
      has_global_codes        boolean NOT NULL DEFAULT true,
      active                  boolean NOT NULL DEFAULT true,
      sort_order              integer NOT NULL DEFAULT 0,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now()
    );
    -- The storefront catalogue: active products of a category in display order.
    CREATE INDEX products_listing_idx ON products (active, category, sort_order);

    CREATE TABLE regions (
      id            serial PRIMARY KEY,
      name          text NOT NULL CONSTRAINT regions_name_not_blank CHECK (btrim(name) <> ''),
      -- Short code such as 'TR', 'US', 'EU'.
      code          text NOT NULL CONSTRAINT regions_code_unique UNIQUE
                    CONSTRAINT regions_code_not_blank CHECK (btrim(code) <> ''),
      is_active     boolean NOT NULL DEFAULT true,
      game_currency text NOT NULL DEFAULT '',
      -- Emoji or image URL; the storefront falls back to a global flag when empty.
      flag          text NOT NULL DEFAULT '',
      created_at    timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE product_regions (
      product_id    integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      region_id     integer NOT NULL REFERENCES regions (id) ON DELETE CASCADE,
      -- Per-region override of products.game_currency; NULL or '' means the product's own.
      game_currency text,
      PRIMARY KEY (product_id, region_id)
    );
    CREATE INDEX product_regions_region_id_idx ON product_regions (region_id);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE product_regions;
    DROP TABLE regions;
    DROP TABLE products;
    `,
  );
}
