import Type, { type Static, type TArray, type TSchema } from 'typebox';
import { MAX_PRICE } from '../column-limits';
import { type BigIdParams, endpoint, type Endpoint, IdParams, Strict, StringEnum } from './contract';

/*
 * The back office's list protocol and record calls (docs/admin-api.md, the rules every call follows): react-admin's
 * `ra-data-simple-rest`, declared once for every resource.
 */

export { MAX_PRICE };

/** A price as the back office sends it: a decimal; more than 2 decimals is refused by the server. */
export const Money = Type.Number({ minimum: 0, maximum: MAX_PRICE });

/** A record field the update call accepts and ignores, because react-admin sends the whole loaded record back. */
export const Ignored = Type.Optional(Type.Unknown({ description: 'Read-only: accepted and ignored.' }));

/** `?sort=["field","ASC"]&range=[0,24]&filter={...}`, each a JSON text. */
export const ListQuery = Strict({
  sort: Type.Optional(Type.String({ maxLength: 200, description: 'JSON `["field","ASC"|"DESC"]`; an unknown field is a 400.' })),
  range: Type.Optional(Type.String({ maxLength: 100, description: 'JSON `[start,end]`, inclusive and 0-based, at most 1000 rows (default `[0,24]`).' })),
  filter: Type.Optional(
    Type.String({ maxLength: 10_000, description: 'JSON object of filters; `{"id":[1,2]}` selects records by id; an unknown filter is a 400.' }),
  ),
});
export type ListQuery = Static<typeof ListQuery>;

/** A list call: the page as an array, the total in Content-Range under the name `resource`. */
export interface ListEndpoint<Params extends TSchema = TSchema, Record extends TSchema = TSchema>
  extends Endpoint<Params, typeof ListQuery, TSchema, TArray<Record>> {
  /** The name Content-Range gives the rows: `products 0-24/319`. */
  resource: string;
}

export function listEndpoint<Record extends TSchema, Params extends TSchema = TSchema>(list: {
  path: string;
  resource: string;
  tag: string;
  summary: string;
  /** Its filters and sortable fields. */
  description: string;
  record: Record;
  params?: Params;
  errors?: readonly number[];
}): ListEndpoint<Params, Record> {
  const { record, resource, ...rest } = list;
  return {
    ...endpoint({ ...rest, method: 'get', auth: 'admin', query: ListQuery, response: Type.Array(record) }),
    responseHeaders: { 'Content-Range': `The rows answered and the total: \`${resource} 0-24/319\`.` },
    resource,
  };
}

type RecordParams = typeof IdParams | typeof BigIdParams;

/** The five calls of one back-office resource. */
export interface CrudEndpoints<Record extends TSchema, Create extends TSchema, Update extends TSchema> {
  list: ListEndpoint<TSchema, Record>;
  get: Endpoint<RecordParams, TSchema, TSchema, Record>;
  create: Endpoint<TSchema, TSchema, Create, Record>;
  update: Endpoint<RecordParams, TSchema, Update, Record>;
  remove: Endpoint<RecordParams, TSchema, TSchema, Record>;
}

/**
 * `GET <path>` (list), `GET <path>/:id`, `POST <path>` (201), `PUT <path>/:id` (the fields sent),
 * `DELETE <path>/:id` (answers the deleted record), administrators only.
 */
export function crudEndpoints<Record extends TSchema, Create extends TSchema, Update extends TSchema>(resource: {
  path: string;
  /** The name in Content-Range. */
  resource: string;
  tag: string;
  /** For the summaries: `a product`, `products`. */
  one: string;
  many: string;
  /** The list's filters and sortable fields. */
  filters: string;
  record: Record;
  create: Create;
  update: Update;
  /** bigserial ids (codes) take BigIdParams. */
  params?: RecordParams;
  /** What a 409 means on the calls the store's rules can refuse; a call without one never answers 409. */
  conflicts?: { create?: string; update?: string; remove?: string };
}): CrudEndpoints<Record, Create, Update> {
  const { path, tag, one, many, record, conflicts = {} } = resource;
  const params = resource.params ?? IdParams;
  const refusal = (rule: string | undefined, always: number[]) => ({
    errors: rule ? [...always, 409] : always,
    ...(rule ? { description: `409: ${rule}` } : {}),
  });
  return {
    list: listEndpoint({ path, resource: resource.resource, tag, summary: `List ${many}`, description: resource.filters, record }),
    get: endpoint({ method: 'get', path: `${path}/:id`, auth: 'admin', tag, summary: `Read ${one}`, params, response: record, errors: [404] }),
    create: endpoint({
      method: 'post',
      path,
      auth: 'admin',
      tag,
      summary: `Create ${one}`,
      body: resource.create,
      status: 201,
      response: record,
      ...refusal(conflicts.create, []),
    }),
    update: endpoint({
      method: 'put',
      path: `${path}/:id`,
      auth: 'admin',
      tag,
      summary: `Update ${one}`,
      params,
      body: resource.update,
      response: record,
      ...refusal(conflicts.update, [404]),
    }),
    remove: endpoint({
      method: 'delete',
      path: `${path}/:id`,
      auth: 'admin',
      tag,
      summary: `Delete ${one}`,
      params,
      response: record,
      ...refusal(conflicts.remove, [404]),
    }),
  };
}

/** What a bulk code upload answers. */
export const BulkCodesResult = Type.Object(
  {
    added: Type.Integer({ minimum: 0 }),
    rejected: Type.Array(
      Type.Object({
        line: Type.Integer({ minimum: 1, description: '1-based.' }),
        reason: StringEnum(['duplicate', 'malformed']),
        message: Type.String(),
      }),
      { description: 'The first 1000 refused lines.' },
    ),
    rejectedCount: Type.Integer({ minimum: 0, description: 'All refused lines.' }),
  },
  { examples: [{ added: 2, rejected: [{ line: 3, reason: 'duplicate', message: 'The same code is on line 1' }], rejectedCount: 1 }] },
);
export type BulkCodesResult = Static<typeof BulkCodesResult>;

/** How the bulk routes' text/plain form is described, beside the JSON form their contract declares. */
export const bulkUploadDescription = (target: string) =>
  [
    `Two forms. JSON: the lines in \`codes\`, within the normal body limit. Streamed: \`Content-Type: text/plain\` with ${target} in the query and the lines as the body, read line by line (up to 10 000 000 bytes).`,
    'Blank lines are skipped; a line holding a NUL character is malformed. One upload is one transaction: a dropped upload or a 413 leaves nothing half-imported.',
  ].join(' ');
