import type Router from '@koa/router';
import type { SchemaObject } from 'ajv';
import type { Knex } from 'knex';
import { ErrorCode } from '@topup/common';
import { validate } from '../middleware/validate';
import type { AppState } from '../types';
import { AppError, notFound } from './app-error';
import {
  adminActor,
  auditOf,
  conflict,
  emptyQuery,
  idParams,
  isForeignKeyViolation,
  type AdminActor,
  type IdParams,
} from './admin-input';
import { recordAudit } from './audit';
import { assertDeclaredSize, linesOfStream, linesOfText, type BulkResult, type NumberedLine } from './bulk-codes';
import { listQuerySchema, sendList } from './simple-rest';

/** What a back-office resource offers for the five calls of the list protocol. */
export interface CrudService<Entity, Create, Update> {
  list(query: { sort?: string; range?: string; filter?: string }): Promise<{
    rows: Entity[];
    total: number;
    range: [number, number];
  }>;
  get(id: number): Promise<Entity>;
  create(actor: AdminActor, fields: Create): Promise<Entity>;
  update(actor: AdminActor, id: number, fields: Update): Promise<Entity>;
  remove(actor: AdminActor, id: number): Promise<Entity>;
}

/**
 * The ra-data-simple-rest routes of one resource on its (prefixed, guarded) router:
 * `GET /` (list), `GET /:id`, `POST /` (201), `PUT /:id`, `DELETE /:id` (the deleted record).
 * Register extra paths such as `/active` before calling this, so `/:id` does not claim them.
 */
export function addCrudRoutes<Entity, Create, Update>(
  router: Router<AppState>,
  options: {
    resource: string;
    service: CrudService<Entity, Create, Update>;
    createBody: SchemaObject;
    updateBody: SchemaObject;
    params?: SchemaObject;
  },
): void {
  const { resource, service, createBody, updateBody } = options;
  const params = options.params ?? idParams;

  router.get('/', validate({ query: listQuerySchema }), async (ctx) => {
    const page = await service.list(ctx.state.valid.query as { sort?: string; range?: string; filter?: string });
    sendList(ctx, resource, page.rows, page.total, page.range);
  });

  router.get('/:id', validate({ params }), async (ctx) => {
    ctx.body = await service.get((ctx.state.valid.params as IdParams).id);
  });

  router.post('/', validate({ body: createBody }), async (ctx) => {
    ctx.body = await service.create(adminActor(ctx), ctx.state.valid.body as Create);
    ctx.status = 201;
  });

  router.put('/:id', validate({ params, body: updateBody }), async (ctx) => {
    ctx.body = await service.update(adminActor(ctx), (ctx.state.valid.params as IdParams).id, ctx.state.valid.body as Update);
  });

  router.delete('/:id', validate({ params }), async (ctx) => {
    ctx.body = await service.remove(adminActor(ctx), (ctx.state.valid.params as IdParams).id);
  });
}

/**
 * `POST <path>` loading codes in bulk, in two forms (docs/admin-api.md, codes bulk):
 * - JSON `{...target, codes: "<lines>"}`, within the normal body limit;
 * - `Content-Type: text/plain` with the target in the query and the lines as the body, read line by
 *   line as it arrives (never held whole), up to BULK_MAX_BYTES.
 * The app's body parser leaves text/plain bodies unread, so the stream is still whole here.
 */
export function addBulkRoute<Target extends object>(
  router: Router<AppState>,
  options: {
    path: string;
    jsonBody: SchemaObject;
    streamQuery: SchemaObject;
    load(
      actor: AdminActor,
      target: Target,
      lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>,
      form: 'json' | 'stream',
    ): Promise<BulkResult>;
  },
): void {
  const fromJson = validate({ body: options.jsonBody, query: emptyQuery });
  const fromStream = validate({ query: options.streamQuery });

  router.post(options.path, async (ctx) => {
    if (ctx.is('text/plain')) {
      // Checked before a byte is read: the declared size, then the target's schema.
      assertDeclaredSize(ctx.get('content-length'));
      await fromStream(ctx, async () => {
        try {
          ctx.body = await options.load(adminActor(ctx), ctx.state.valid.query as Target, linesOfStream(ctx.req), 'stream');
        } catch (error) {
          // The client went away mid-upload: the import rolled back, and this is no server fault.
          if (ctx.req.readableAborted || (error as { code?: string }).code === 'ECONNRESET') {
            throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'The upload was interrupted before it ended; nothing was imported');
          }
          throw error;
        }
      });
      return;
    }
    await fromJson(ctx, async () => {
      const { codes, ...target } = ctx.state.valid.body as Target & { codes: string };
      ctx.body = await options.load(adminActor(ctx), target as Target, linesOfText(codes), 'json');
    });
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
