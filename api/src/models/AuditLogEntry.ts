import { BaseModel } from './BaseModel';

/** What an admin changed: entity and id, with the row before and after. */
export class AuditLogEntry extends BaseModel {
  static override tableName = 'audit_log';

  declare id: number;
  declare actor_id: number | null;
  /** e.g. 'create', 'update', 'delete', 'bulk_add'. */
  declare action: string;
  /** e.g. 'product', 'user', 'code'. */
  declare entity: string;
  declare entity_id: string | null;
  declare before: Record<string, unknown> | null;
  declare after: Record<string, unknown> | null;
  declare request_id: string | null;
  declare created_at: Date;
}
