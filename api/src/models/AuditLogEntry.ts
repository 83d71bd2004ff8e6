import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { User } from './User';

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

  declare actor?: User | null;

  static override relationMappings = (): RelationMappings => ({
    actor: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'audit_log.actor_id', to: 'users.id' },
    },
  });
}
