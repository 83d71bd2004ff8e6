import type { Knex } from 'knex';
import { Model, type Constructor, type Id, type ModelOptions, type QueryContext } from 'objection';

/** Every model by class name, filled by models/index.ts, so a relation names its model instead of importing it. */
const modelsByName = new Map<string, typeof BaseModel>();

/**
 * Base of every model. Property names are the column names (snake_case, no name mappers), so rows
 * read with plain knex and models look the same. Money columns are integers in minor units; numeric
 * columns (rates, percentages) are strings; timestamps are Dates. Each model declares exactly the
 * columns of its table (models.int.test.ts compares them with the migrated database); relations and
 * other extras are optional properties.
 */
export class BaseModel extends Model {
  /** True for tables with an updated_at column, which every update through a model then refreshes. */
  static hasUpdatedAt = false;

  // Make .first() add LIMIT 1 instead of fetching every row and keeping one.
  static override useLimitInFirst = true;

  /** Makes models known to the relations that name them. */
  static register(...models: Array<typeof BaseModel>): void {
    for (const model of models) modelsByName.set(model.name, model);
  }

  /** A relation's modelClass by name, resolved when objection first reads the relation (all models registered by then). */
  static named(name: string): () => typeof BaseModel {
    return () => {
      const model = modelsByName.get(name);
      if (!model) throw new Error(`Model ${name} is not registered (models/index.ts registers every model)`);
      return model;
    };
  }

  /** These columns of the row with this id (undefined when there is none), locked until the transaction ends when asked. */
  static async columnsOf<M extends BaseModel, K extends ColumnName<M>>(
    this: Constructor<M> & typeof BaseModel,
    db: Knex,
    id: Id,
    columns: readonly K[],
    options: { lock?: boolean } = {},
  ): Promise<Pick<M, K> | undefined> {
    const query = this.query(db).findById(id).select(columns).castTo<Pick<M, K> | undefined>();
    return options.lock ? query.forUpdate() : query;
  }

  override $beforeUpdate(opt: ModelOptions, queryContext: QueryContext): void | Promise<unknown> {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt) {
      (this as { updated_at?: Date }).updated_at = new Date();
    }
    return super.$beforeUpdate(opt, queryContext);
  }
}

/**
 * The names of a model's columns: its required data properties. Relations and extras are optional,
 * objection's own instance members start with `$`, and QueryBuilderType only types its queries.
 */
type ColumnName<M extends BaseModel> = Exclude<
  {
    [K in keyof M]-?: Pick<M, K> extends Required<Pick<M, K>>
      ? M[K] extends (...args: never[]) => unknown
        ? never
        : K extends `$${string}`
          ? never
          : K
      : never;
  }[keyof M],
  'QueryBuilderType'
>;

/** A row of a model's table as plain data, e.g. what knex answers for `select *`. */
export type RowOf<M extends BaseModel> = Pick<M, ColumnName<M>>;
