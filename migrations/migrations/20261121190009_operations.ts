import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** Support messages, the admin audit log and the record of every activation-code reveal. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE support_messages (
      id         bigserial PRIMARY KEY,
      -- Visitors may write without an account.
      user_id    integer REFERENCES users (id) ON DELETE SET NULL,
      nickname   text NOT NULL CONSTRAINT support_messages_nickname_length CHECK (char_length(nickname) BETWEEN 1 AND 64),
      contact    text NOT NULL DEFAULT '' CONSTRAINT support_messages_contact_length CHECK (char_length(contact) <= 200),
      message    text NOT NULL CONSTRAINT support_messages_message_length CHECK (char_length(message) BETWEEN 1 AND 4000),
      status     text NOT NULL DEFAULT 'new' CONSTRAINT support_messages_status_valid CHECK (status IN ('new', 'answered')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_messages_status_idx ON support_messages (status, created_at);

    CREATE TABLE audit_log (
      id         bigserial PRIMARY KEY,
      actor_id   integer REFERENCES users (id) ON DELETE SET NULL,
      -- e.g. 'update', 'delete', 'bulk_add'.
      action     text NOT NULL,
      -- e.g. 'product', 'user', 'code'.
      entity     text NOT NULL,
      entity_id  text,
      before     jsonb,
      after      jsonb,
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at);

    CREATE TABLE code_reveals (
      id            bigserial PRIMARY KEY,
      order_item_id bigint NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
      -- Who saw the code: the order's owner or an admin.
      user_id       integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      ip            text,
      user_agent    text,
      revealed_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX code_reveals_order_item_id_idx ON code_reveals (order_item_id);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE code_reveals;
    DROP TABLE audit_log;
    DROP TABLE support_messages;
    `,
  );
}
