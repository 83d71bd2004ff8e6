import type { Pojo, RelationMappings } from 'objection';
import type { ContentLanguage, UserRole } from '@topup/common';
import type { Balance } from './Balance';
import { BaseModel } from './BaseModel';

export class User extends BaseModel {
  static override tableName = 'users';
  static override hasUpdatedAt = true;

  declare id: number;
  declare nickname: string;
  /** argon2id. Never serialised to clients. */
  declare password_hash: string;
  /** Kept by every API process: a change publishes a `user` invalidation (session-cache.ts). */
  declare role: UserRole;
  /** Part of every token; bumped on a password change to invalidate older tokens (publish as for role). */
  declare token_version: number;
  /** Normalised (trimmed, domain lower-cased); null: none (docs/architecture.md, "Mail"). */
  declare email: string | null;
  /** Set once its link was opened; only a verified address is mailed receipts or a reset link. */
  declare email_verified_at: Date | null;
  /** The language the account's mails are written in. */
  declare language: ContentLanguage;
  declare created_at: Date;
  declare updated_at: Date;

  declare balances?: Balance[];

  /** The password hash stays out of every JSON answer, whoever forgets to pick fields. */
  override $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    delete formatted.password_hash;
    return formatted;
  }

  static override relationMappings = (): RelationMappings => ({
    balances: {
      relation: BaseModel.HasManyRelation,
      modelClass: BaseModel.named('Balance'),
      join: { from: 'users.id', to: 'balances.user_id' },
    },
  });
}
