import type { QueueName } from '@topup/common';
import { BaseModel } from './BaseModel';

/**
 * A job to enqueue, written in the same transaction as the change that needs it. The relay sends
 * undispatched rows to BullMQ as job `job_id`, then sets dispatched_at.
 */
export class OutboxMessage extends BaseModel {
  static override tableName = 'outbox';

  declare id: number;
  /** The BullMQ job id: a random UUID, never one another database (or an earlier life of this one) used. */
  declare job_id: string;
  declare queue: QueueName;
  declare job_name: string;
  declare payload: Record<string, unknown>;
  declare created_at: Date;
  declare dispatched_at: Date | null;
  declare attempts: number;
  declare last_error: string | null;
  /** The X-Request-Id of the API request (or of the job's own origin) that wrote the row. */
  declare origin_request_id: string | null;
}
