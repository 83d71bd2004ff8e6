import type { Knex } from 'knex';

export interface AuditEntry {
  /** The admin; null for the store itself (a scheduled job). */
  actorId: number | null;
  /** e.g. 'product.update', 'codes.bulk_add'. */
  action: string;
  /** e.g. 'product', 'user', 'code'. */
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string;
}

/** Records an admin's change; written in the change's own transaction so neither exists alone. */
export async function recordAudit(trx: Knex.Transaction, entry: AuditEntry): Promise<void> {
  await trx('audit_log').insert({
    actor_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    // jsonb columns: pg would send a JS array as a Postgres array, so serialise explicitly.
    before: entry.before == null ? null : JSON.stringify(entry.before),
    after: entry.after == null ? null : JSON.stringify(entry.after),
    request_id: entry.requestId,
  });
}
