import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * The activity log screen filters the audit log by action and by time (by admin and by entity the
 * existing indexes serve); the customer screen reads one user's ledger by date, their support requests
 * and the admins' notes on them.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE INDEX audit_log_action_idx ON audit_log (action, id);
    CREATE INDEX audit_log_created_at_idx ON audit_log (created_at);
    CREATE INDEX balance_ledger_user_created_at_idx ON balance_ledger (user_id, created_at);
    CREATE INDEX IF NOT EXISTS support_messages_user_id_created_at_idx ON support_messages (user_id, created_at) WHERE user_id IS NOT NULL;

    CREATE TABLE user_notes (
      id         bigserial PRIMARY KEY,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- The admin who wrote it; the note outlives their account.
      author_id  integer REFERENCES users (id) ON DELETE SET NULL,
      note       text NOT NULL CONSTRAINT user_notes_note_length CHECK (char_length(note) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_notes_user_id_idx ON user_notes (user_id, id DESC);
    CREATE INDEX user_notes_author_id_idx ON user_notes (author_id) WHERE author_id IS NOT NULL;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE user_notes;
    DROP INDEX IF EXISTS support_messages_user_id_created_at_idx;
    DROP INDEX balance_ledger_user_created_at_idx;
    DROP INDEX audit_log_created_at_idx;
    DROP INDEX audit_log_action_idx;
    `,
  );
}
