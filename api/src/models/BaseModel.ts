import { Model, type ModelOptions, type QueryContext } from 'objection';

/**
 * Base of every model. Property names are the column names (snake_case, no name mappers), so rows
 * read with plain knex and models look the same. Money columns are integers in minor units; numeric
 * columns (rates, percentages) are strings; timestamps are Dates.
 */
export class BaseModel extends Model {
  /** True for tables with an updated_at column, which every update through a model then refreshes. */
  static hasUpdatedAt = false;

  // Make .first() add LIMIT 1 instead of fetching every row and keeping one.
  static override useLimitInFirst = true;

  override $beforeUpdate(opt: ModelOptions, queryContext: QueryContext): void | Promise<unknown> {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt) {
      (this as { updated_at?: Date }).updated_at = new Date();
    }
    return super.$beforeUpdate(opt, queryContext);
  }
}
