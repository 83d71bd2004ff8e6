import type { Knex } from 'knex';
import type { Static, TSchema } from 'typebox';
import { ErrorCode } from '@topup/common';
import type { BulkCodesResult, CrudEndpoints, Endpoint, ListEndpoint, ListQuery } from '@topup/common/api';
import { validate } from '../middleware/validate';
import type { AppMiddleware } from '../types';
import { AppError, notFound } from './app-error';
import { adminActor, auditOf, conflict, isForeignKeyViolation, type AdminActor } from './admin-input';
import { recordAudit } from './audit';
import { assertDeclaredSize, linesOfStream, linesOfText, type NumberedLine } from './bulk-codes';
import { pageRows, type ListPage } from './simple-rest';
import type { Serializable, typedRoutes } from './typed-routes';

type TypedRoutes = ReturnType<typeof typedRoutes>;

/** What a back-office resource offers for the five calls of the list protocol, typed by its contract. */
export interface CrudService<Entity, Create, Update> {
  list(query: ListQuery): Promise<ListPage<Entity>>;
  get(id: number): Promise<Entity>;
  create(actor: AdminActor, fields: Create): Promise<Entity>;
  update(actor: AdminActor, id: number, fields: Update): Promise<Entity>;
  remove(actor: AdminActor, id: number): Promise<Entity>;
}

/** A list route: the service's page as the body, its place and total in Content-Range. */
export function addListRoute<Params extends TSchema, Record extends TSchema>(
  routes: TypedRoutes,
  list: ListEndpoint<Params, Record>,
  page: (query: ListQuery, params: Static<Params>) => Promise<ListPage<Serializable<Static<Record>>>>,
): void {
  routes.add(list, async (ctx, { query, params }) => pageRows(ctx, list.resource, await page(query, params)));
}

/**
 * The ra-data-simple-rest routes of one resource (crudEndpoints in common): list, read, create (201),
 * update, delete (the deleted record). Declare extra paths such as `/active` first, so `/:id` does not claim them.
 */
export function addCrudRoutes<Record extends TSchema, Create extends TSchema, Update extends TSchema>(
  routes: TypedRoutes,
  endpoints: CrudEndpoints<Record, Create, Update>,
  service: CrudService<Serializable<Static<Record>>, Static<Create>, Static<Update>>,
): void {
  addListRoute(routes, endpoints.list, (query) => service.list(query));
  routes.add(endpoints.get, (_ctx, { params }) => service.get(params.id));
  routes.add(endpoints.create, (ctx, { body }) => service.create(adminActor(ctx), body));
  routes.add(endpoints.update, (ctx, { params, body }) => service.update(adminActor(ctx), params.id, body));
  routes.add(endpoints.remove, (ctx, { params }) => service.remove(adminActor(ctx), params.id));
}

/** A bulk upload's contract: the JSON form `{...target, codes: "<lines>"}`, answering what was added and refused. */
type BulkEndpoint<Body extends TSchema> = Endpoint<TSchema, TSchema, Body, typeof BulkCodesResult>;

/**
 * `POST <path>` loading codes in bulk, in two forms (common/src/api/admin-codes.ts):
 * - JSON `{...target, codes: "<lines>"}`, within the normal body limit: the contract's form;
 * - `Content-Type: text/plain` (or `streamType`) with the target in the query (`streamQuery`) and the
 *   lines as the body, read line by line as it arrives (never held whole), up to BULK_MAX_BYTES.
 * The app's body parser reads JSON only, so the stream is still whole here.
 */
export function addBulkRoute<Body extends TSchema, StreamQuery extends TSchema>(
  routes: TypedRoutes,
  bulk: BulkEndpoint<Body>,
  options: {
    streamQuery: StreamQuery;
    /** The streamed form's Content-Type; text/plain unless named. */
    streamType?: string;
    load(
      actor: AdminActor,
      target: Omit<Static<Body>, 'codes'> | Static<StreamQuery>,
      lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>,
      form: 'json' | 'stream',
    ): Promise<BulkCodesResult>;
  },
): void {
  const checkStreamQuery = validate({ query: options.streamQuery });
  // Runs before the contract's JSON checks, and answers the text/plain form itself.
  const streamed: AppMiddleware = async (ctx, next) => {
    if (!ctx.is(options.streamType ?? 'text/plain')) return next();
    // Checked before a byte is read: the declared size, then the target's schema.
    assertDeclaredSize(ctx.get('content-length'));
    await checkStreamQuery(ctx, async () => {
      try {
        const target = ctx.state.valid.query as Static<StreamQuery>;
        ctx.body = await options.load(adminActor(ctx), target, linesOfStream(ctx.req), 'stream');
      } catch (error) {
        // The client went away mid-upload: the import rolled back, and this is no server fault.
        if (ctx.req.readableAborted || (error as { code?: string }).code === 'ECONNRESET') {
          throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'The upload was interrupted before it ended; nothing was imported');
        }
        throw error;
      }
    });
  };
  routes.add(bulk, [streamed], (ctx, { body }) => {
    const { codes, ...target } = body as Static<Body> & { codes: string };
    return options.load(adminActor(ctx), target, linesOfText(codes), 'json');
  });
}

/**
 * Deletes a record nothing refers to, audited, in one transaction: 404 (`label`) when it is missing,
 * 409 with `inUseMessage` while `isInUse` finds a reference or the foreign keys refuse the delete
 * (a reference made a moment ago).
 */
export function deleteUnlessInUse<Row, Entity>(
  db: Knex,
  actor: AdminActor,
  id: number,
  options: {
    entity: string;
    label: string;
    dal: {
      lock(trx: Knex.Transaction, id: number): Promise<Row | undefined>;
      delete(trx: Knex.Transaction, id: number): Promise<unknown>;
    };
    isInUse(trx: Knex.Transaction, id: number): Promise<boolean>;
    inUseMessage: string;
    toRecord(row: Row): Entity;
  },
): Promise<Entity> {
  const { dal, inUseMessage } = options;
  return db.transaction(async (trx) => {
    const current = await dal.lock(trx, id);
    if (!current) throw notFound(options.label);
    if (await options.isInUse(trx, id)) throw conflict(inUseMessage);
    const before = options.toRecord(current);
    try {
      await dal.delete(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(inUseMessage);
      throw error;
    }
    await recordAudit(trx, { ...auditOf(actor, options.entity, 'delete', id), before, after: null });
    return before;
  });
}
