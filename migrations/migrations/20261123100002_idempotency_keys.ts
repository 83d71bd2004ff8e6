import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * The answers to the money calls sent with an `Idempotency-Key` header, kept 24 hours so a retry is
 * answered with the first answer instead of moving money twice. In Postgres rather than Redis: an
 * answer that says money moved must survive losing Redis.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE idempotency_keys (
      user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- As the client sent it: 1 to 255 printable ASCII characters.
      key             text NOT NULL CONSTRAINT idempotency_keys_key_length CHECK (char_length(key) BETWEEN 1 AND 255),
      -- SHA-256 (hex) of the method, the path and the canonical JSON body.
      request_hash    text NOT NULL,
      state           text NOT NULL DEFAULT 'running'
                      CONSTRAINT idempotency_keys_state_valid CHECK (state IN ('running', 'done')),
      response_status integer,
      -- The body exactly as sent, and its Content-Type.
      response_body   text,
      response_type   text,
      -- When the running request claimed the key; a claim older than the lock timeout is abandoned.
      locked_at       timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now(),
      expires_at      timestamptz NOT NULL DEFAULT now() + interval '24 hours',
      PRIMARY KEY (user_id, key),
      CONSTRAINT idempotency_keys_done_has_response CHECK (state = 'running' OR response_status IS NOT NULL),
      CONSTRAINT idempotency_keys_running_is_locked CHECK (state = 'done' OR locked_at IS NOT NULL)
    );
    CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, `DROP TABLE idempotency_keys;`);
}
