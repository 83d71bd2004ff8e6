import type { Knex } from 'knex';
import type { AuditLogEntry } from '../../../models';

/** An audit row with its admin's nickname. */
export type AuditRowWithActor = AuditLogEntry & { actor_nickname: string | null };

/** Data access for the activity log; every function takes the connection to use. */
export const auditLogDal = {
  /** The audit log with each admin's nickname, as a list query. */
  listQuery: (db: Knex) =>
    db('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select('a.id', 'a.actor_id', 'u.nickname as actor_nickname', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after', 'a.request_id', 'a.created_at'),
};
