import { BaseModel } from './BaseModel';

/** The first answer to a money call sent with an `Idempotency-Key`, kept 24 hours and replayed to a retry. */
export class IdempotencyKey extends BaseModel {
  static override tableName = 'idempotency_keys';
  static override idColumn = ['user_id', 'key'];

  declare user_id: number;
  /** As the client sent it. */
  declare key: string;
  /** SHA-256 (hex) of the method, the path and the canonical JSON body. */
  declare request_hash: string;
  /** 'done' has a response (CHECK); 'running' is locked. */
  declare state: 'running' | 'done';
  declare response_status: number | null;
  declare response_body: string | null;
  declare response_type: string | null;
  /** When the running request claimed the key; an older claim than the lock timeout is abandoned. */
  declare locked_at: Date | null;
  declare created_at: Date;
  declare expires_at: Date;
}
