import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Mail (docs/architecture.md, "Mail"): an optional address on the account, verified by a link; the
 * language the shopper's mails are written in; the single-use links mailed (address verification,
 * password reset), kept only as SHA-256 hashes; and every mail the store sends, one row each, which its
 * `mail` job sends once (or, with no SMTP server outside production, keeps for the back office to show).
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE users
      ADD COLUMN email text
        CONSTRAINT users_email_shape CHECK (email IS NULL OR (char_length(email) <= 254 AND email ~ '^[^[:space:]@]+@[^[:space:]@]+$')),
      ADD COLUMN email_verified_at timestamptz,
      ADD COLUMN language text NOT NULL DEFAULT 'ru' CONSTRAINT users_language_valid CHECK (language IN ('ru', 'en', 'uz')),
      ADD CONSTRAINT users_email_verified_has_email CHECK (email_verified_at IS NULL OR email IS NOT NULL);
    -- Any account may claim an address; only one may have it verified, whatever its case.
    CREATE UNIQUE INDEX users_verified_email_unique ON users (lower(email)) WHERE email_verified_at IS NOT NULL;

    CREATE TABLE email_links (
      id          bigserial PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose     text NOT NULL CONSTRAINT email_links_purpose_valid CHECK (purpose IN ('verify_email', 'reset_password')),
      -- SHA-256 (hex) of the token in the link; the token itself is never stored.
      token_hash  text NOT NULL CONSTRAINT email_links_token_hash_unique UNIQUE,
      -- The address the link was sent to: a verification link verifies this address only.
      email       text NOT NULL,
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_links_user ON email_links (user_id, purpose) WHERE used_at IS NULL;

    CREATE TABLE mails (
      id          bigserial PRIMARY KEY,
      user_id     integer REFERENCES users (id) ON DELETE SET NULL,
      kind        text NOT NULL CONSTRAINT mails_kind_valid CHECK (kind IN (
                    'verify_email', 'reset_password', 'order_completed', 'order_failed', 'order_refunded')),
      order_id    bigint REFERENCES orders (id) ON DELETE SET NULL,
      recipient   text NOT NULL,
      language    text NOT NULL CONSTRAINT mails_language_valid CHECK (language IN ('ru', 'en', 'uz')),
      -- What the mail says, as written when it was queued (a link's path, the order's transition).
      facts       jsonb NOT NULL DEFAULT '{}',
      subject     text NOT NULL DEFAULT '',
      text_body   text NOT NULL DEFAULT '',
      html_body   text NOT NULL DEFAULT '',
      -- queued: its job will send it; sent: an SMTP server accepted it; kept: stored here only (no SMTP
      -- server outside production); refused: the server refused it for good.
      status      text NOT NULL DEFAULT 'queued' CONSTRAINT mails_status_valid CHECK (status IN ('queued', 'sent', 'kept', 'refused')),
      -- Set on the first attempt and kept, so a mail sent again (a crash after the server took it) is recognisable as the same.
      message_id  text,
      last_error  text,
      sent_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mails_created ON mails (created_at DESC, id DESC);
    CREATE INDEX mails_order ON mails (order_id) WHERE order_id IS NOT NULL;

    ALTER TABLE outbox DROP CONSTRAINT outbox_queue_valid;
    ALTER TABLE outbox ADD CONSTRAINT outbox_queue_valid CHECK (queue IN (
      'fulfilment', 'payment-callback', 'code-generation', 'rate-update', 'reservation-expiry', 'supplier-catalogue', 'mail'));
    `,
  );
}

/** Drops the addresses, links and mails with them, and the mail jobs not yet run. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DELETE FROM outbox WHERE queue = 'mail';
    ALTER TABLE outbox DROP CONSTRAINT outbox_queue_valid;
    ALTER TABLE outbox ADD CONSTRAINT outbox_queue_valid CHECK (queue IN (
      'fulfilment', 'payment-callback', 'code-generation', 'rate-update', 'reservation-expiry', 'supplier-catalogue'));
    DROP TABLE mails;
    DROP TABLE email_links;
    DROP INDEX users_verified_email_unique;
    ALTER TABLE users DROP CONSTRAINT users_email_verified_has_email, DROP COLUMN language, DROP COLUMN email_verified_at, DROP COLUMN email;
    `,
  );
}
