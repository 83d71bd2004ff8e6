import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Sessions that end before their token expires, and two-factor sign-in (TOTP, RFC 6238):
 * - revoked_tokens: one row per logged-out token (its `jti`), kept until the token would have
 *   expired anyway. In Postgres, not Redis, so a restart of Redis never brings a token back.
 * - user_two_factor: the TOTP secret (AES-256-GCM under CODES_KEY); pending until a first code confirms it.
 * - two_factor_recovery_codes: one-time codes, stored as a keyed hash, each usable once.
 * - two_factor_challenges: the pending second step of a sign-in, single-use, with its wrong-code count.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE revoked_tokens (
      jti        uuid PRIMARY KEY,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- The token's own expiry: past it the row is pruned, as the token is refused anyway.
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX revoked_tokens_expires_at_idx ON revoked_tokens (expires_at);

    CREATE TABLE user_two_factor (
      user_id          integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret_encrypted text NOT NULL,
      -- Null while enrolment waits for its first code.
      enabled_at       timestamptz,
      -- The TOTP time step of the last accepted code: a code of that step or an earlier one is refused.
      last_used_step   bigint,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE two_factor_recovery_codes (
      id         bigserial PRIMARY KEY,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- Hex HMAC-SHA256 of the normalised code under a key derived from CODES_KEY.
      code_hash  text NOT NULL,
      used_at    timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT two_factor_recovery_codes_unique UNIQUE (user_id, code_hash)
    );

    CREATE TABLE two_factor_challenges (
      id              uuid PRIMARY KEY,
      user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- "Remember me" as asked at the password step, for the session the challenge ends in.
      remember        boolean NOT NULL DEFAULT false,
      failed_attempts integer NOT NULL DEFAULT 0
                      CONSTRAINT two_factor_challenges_attempts_non_negative CHECK (failed_attempts >= 0),
      used_at         timestamptz,
      expires_at      timestamptz NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX two_factor_challenges_expires_at_idx ON two_factor_challenges (expires_at);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE two_factor_challenges;
    DROP TABLE two_factor_recovery_codes;
    DROP TABLE user_two_factor;
    DROP TABLE revoked_tokens;
    `,
  );
}
