import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** Accounts and their money: one balance row per user and currency, never negative. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE users (
      id            serial PRIMARY KEY,
      nickname      text NOT NULL
                    CONSTRAINT users_nickname_length CHECK (char_length(nickname) BETWEEN 3 AND 32),
      password_hash text NOT NULL,
      role          text NOT NULL DEFAULT 'user'
                    CONSTRAINT users_role_valid CHECK (role IN ('user', 'admin')),
      -- Part of every JWT; bumped on a password change so older tokens stop working.
      token_version integer NOT NULL DEFAULT 0
                    CONSTRAINT users_token_version_non_negative CHECK (token_version >= 0),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now()
    );
    -- Nicknames are unique regardless of case ("Admin" cannot register next to "admin").
    CREATE UNIQUE INDEX users_nickname_lower_unique ON users (lower(nickname));

    CREATE TABLE balances (
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      currency   text NOT NULL
                 CONSTRAINT balances_currency_valid CHECK (currency IN ('usd', 'rub')),
      -- Minor units. The database itself refuses an overdraft, whatever the application does.
      amount     bigint NOT NULL DEFAULT 0
                 CONSTRAINT balances_amount_non_negative CHECK (amount >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, currency)
    );
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE balances;
    DROP TABLE users;
    `,
  );
}
