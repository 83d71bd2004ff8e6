import { BaseModel } from './BaseModel';

/**
 * A logged-out token (its `jti`), kept until the token would have expired anyway. Every API process
 * keeps what it looked up: a revocation publishes a `user` invalidation (session-cache.ts).
 */
export class RevokedToken extends BaseModel {
  static override tableName = 'revoked_tokens';
  static override idColumn = 'jti';

  declare jti: string;
  declare user_id: number;
  declare expires_at: Date;
  declare revoked_at: Date;
}
