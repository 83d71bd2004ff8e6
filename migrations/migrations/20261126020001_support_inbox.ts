import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * The support inbox: a message is `open` until an admin replies (`answered`) or closes it (`closed`);
 * `read_at` says when an admin first opened it (null: unread); admins' replies, oldest first, are what
 * the shopper reads under "My requests".
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE support_messages DROP CONSTRAINT support_messages_status_valid;
    UPDATE support_messages SET status = 'open' WHERE status = 'new';
    ALTER TABLE support_messages
      ALTER COLUMN status SET DEFAULT 'open',
      ADD CONSTRAINT support_messages_status_valid CHECK (status IN ('open', 'answered', 'closed')),
      ADD COLUMN read_at    timestamptz,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN closed_at  timestamptz;
    UPDATE support_messages SET updated_at = created_at;
    ALTER TABLE support_messages
      ADD CONSTRAINT support_messages_closed_at_when_closed CHECK ((status = 'closed') = (closed_at IS NOT NULL));
    -- A shopper's own messages, newest first.
    CREATE INDEX support_messages_user_id_idx ON support_messages (user_id, created_at);
    -- The unread count and the latest unread on the dashboard.
    CREATE INDEX support_messages_unread_idx ON support_messages (created_at) WHERE read_at IS NULL;

    CREATE TABLE support_replies (
      id         bigserial PRIMARY KEY,
      message_id bigint NOT NULL REFERENCES support_messages (id) ON DELETE CASCADE,
      -- The admin who wrote it; the reply stays when that account goes.
      author_id  integer REFERENCES users (id) ON DELETE SET NULL,
      message    text NOT NULL CONSTRAINT support_replies_message_length CHECK (char_length(message) BETWEEN 1 AND 4000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_replies_message_id_idx ON support_replies (message_id, id);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE support_replies;
    DROP INDEX support_messages_unread_idx;
    DROP INDEX support_messages_user_id_idx;
    ALTER TABLE support_messages
      DROP CONSTRAINT support_messages_closed_at_when_closed,
      DROP CONSTRAINT support_messages_status_valid,
      DROP COLUMN closed_at,
      DROP COLUMN updated_at,
      DROP COLUMN read_at;
    UPDATE support_messages SET status = CASE status WHEN 'open' THEN 'new' ELSE 'answered' END;
    ALTER TABLE support_messages
      ALTER COLUMN status SET DEFAULT 'new',
      ADD CONSTRAINT support_messages_status_valid CHECK (status IN ('new', 'answered'));
    `,
  );
}
