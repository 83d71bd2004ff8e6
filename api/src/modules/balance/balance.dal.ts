import type { Knex } from 'knex';

export interface AuditEntry {
  actorId: number;
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  requestId: string;
}

/** Data access for balance operations; every function takes the connection or transaction to use. */
export const balanceDal = {
  /** Records an admin's change; written in the change's own transaction so neither exists alone. */
  recordAudit: (trx: Knex.Transaction, entry: AuditEntry) =>
    trx('audit_log').insert({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before,
      after: entry.after,
      request_id: entry.requestId,
    }),
};
