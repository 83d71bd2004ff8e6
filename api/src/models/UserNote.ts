import { BaseModel } from './BaseModel';

/** An admin's note on a customer, shown on the customer screen newest first. */
export class UserNote extends BaseModel {
  static override tableName = 'user_notes';

  declare id: number;
  declare user_id: number;
  /** The admin who wrote it; null once their account is gone. */
  declare author_id: number | null;
  declare note: string;
  declare created_at: Date;
}
