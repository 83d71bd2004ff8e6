import type { Knex } from 'knex';
import { CODE_STATUSES, ErrorCode, fromMinor } from '@topup/common';
import type { GenerateCodesBody, GeneratedCode, GenerationAccepted, GenerationRequest, ListQuery, PublishCodesBody } from '@topup/common/api';
import { auditOf, conflict, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { AppError, notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import type { CodeCrypto } from '@topup/server-kit';
import { maskCode } from '../../../lib/code-mask';
import { enqueueJob } from '../../../lib/outbox';
import { listPage, parseListQuery, type FilterApplier, type ListSpec } from '../../../lib/simple-rest';
import {
  generatedCodesDal,
  type GeneratedCodeWithDenomination,
  type GenerationRequestWithDenomination,
} from './generated-codes.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import { stockDal } from '../../stock/stock.dal';

/** A generated code as the back office lists it (common/src/api/admin-generated-codes.ts); the code masked. */
export type GeneratedCodeRecord = Dated<GeneratedCode, 'createdAt'>;

export type GenerationRequestRecord = Dated<GenerationRequest, 'createdAt' | 'finishedAt'>;


const GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const badFilter = (field: string, message: string) =>
  validationFailed('The request is not valid', [{ field: `filter.${field}`, message }]);

/** Generation request ids: one uuid, or a list of them (react-admin's getMany). */
const uuidFilter =
  (field: string, column: string): FilterApplier =>
  (query, value) => {
    const ids = Array.isArray(value) ? value : [value];
    if (ids.length > 1000 || !ids.every((id) => typeof id === 'string' && UUID.test(id))) {
      throw badFilter(field, 'must be a request id or a list of at most 1000 of them');
    }
    void query.whereIn(column, ids as string[]);
  };

export const GENERATED_CODES_LIST: ListSpec = {
  resource: 'generated-codes',
  sortable: {
    id: 'sc.number',
    createdAt: 'sc.created_at',
    status: 'sc.status',
    published: 'sc.published',
    denominationId: 'd.id',
    gameAmount: 'sc.game_amount',
    priceUsd: 'sc.price_usd',
    priceRub: 'sc.price_rub',
  },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'sc.number', Number.MAX_SAFE_INTEGER),
    denominationId: typedFilter.reference('denominationId', 'd.id'),
    status: typedFilter.oneOf('status', 'sc.status', CODE_STATUSES),
    published: typedFilter.boolean('published', 'sc.published'),
    generationRequestId: uuidFilter('generationRequestId', 'sc.generation_request_id'),
  },
};

export const GENERATION_REQUESTS_LIST: ListSpec = {
  resource: 'generation-requests',
  sortable: {
    createdAt: 'r.created_at',
    status: 'r.status',
    count: 'r.count',
    generated: 'r.generated',
    denominationId: 'r.denomination_id',
    finishedAt: 'r.finished_at',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: uuidFilter('id', 'r.id'),
    denominationId: typedFilter.reference('denominationId', 'r.denomination_id'),
    status: typedFilter.oneOf('status', 'r.status', GENERATION_STATUSES),
  },
};

const toRequestRecord = (row: GenerationRequestWithDenomination): GenerationRequestRecord => ({
  id: row.id,
  denominationId: row.denomination_id,
  denominationName: row.denomination_name,
  count: row.count,
  generated: row.generated,
  status: row.status,
  error: row.error,
  requestedBy: row.requested_by,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/** Back-office management of generated Free Fire codes: generation requests, publishing, deletion. */
export function createGeneratedCodesService(deps: { db: Knex; codeCrypto: CodeCrypto; catalogueChanges: CatalogueChanges }) {
  const { db, codeCrypto, catalogueChanges } = deps;

  const toRecord = (row: GeneratedCodeWithDenomination): GeneratedCodeRecord => ({
    id: row.id,
    denominationId: row.denomination_id,
    denominationName: row.denomination_name,
    productId: row.product_id,
    code: maskCode(codeCrypto.decrypt(row.code_encrypted)),
    gameAmount: row.game_amount,
    priceUsd: fromMinor(Number(row.price_usd)),
    priceRub: fromMinor(Number(row.price_rub)),
    status: row.status,
    published: row.published,
    generationRequestId: row.generation_request_id,
    orderId: row.order_id,
    activatedPlayerId: row.activated_player_id,
    createdAt: row.created_at,
  });

  return {
    async list(params: ListQuery) {
      const list = parseListQuery(params, GENERATED_CODES_LIST);
      const { rows, total } = await listPage<GeneratedCodeWithDenomination>(generatedCodesDal.listQuery(db), GENERATED_CODES_LIST, list, 'sc.number');
      return { records: rows.map(toRecord), total, range: list.range };
    },

    async get(id: number): Promise<GeneratedCodeRecord> {
      const row = await generatedCodesDal.find(db, id);
      if (!row) throw notFound('Generated code');
      return toRecord(row);
    },

    /** Deletes a code that is still in stock; a sold, held or activated one is history and stays. */
    async remove(actor: AdminActor, id: number): Promise<GeneratedCodeRecord> {
      return db.transaction(async (trx) => {
        const state = await stockDal.lock(trx, 'generated', id);
        const row = state && (await generatedCodesDal.find(trx, id));
        if (!state || !row) throw notFound('Generated code');
        if (state.status !== 'available') {
          throw conflict(`Only an available code can be deleted; this one is ${state.status}`);
        }
        if (state.order_id !== null || state.activated_at !== null || state.in_order_item) {
          throw conflict('This code was delivered or activated and stays on record; it cannot be deleted');
        }
        const record = toRecord(row);
        await stockDal.delete(trx, state.id);
        await recordAudit(trx, { ...auditOf(actor, 'generated_code', 'delete', id), before: record, after: null });
        catalogueChanges.products(trx, [row.product_id]);
        return record;
      });
    },

    /**
     * Records a request for `count` codes and queues the code-generation job in the same
     * transaction (202: the job does the work). The denomination and the Free Fire product the
     * codes are sold as must exist.
     */
    async requestGeneration(actor: AdminActor, body: GenerateCodesBody): Promise<GenerationAccepted> {
      return db.transaction(async (trx) => {
        // The product first: the Free Fire game's offers are found through it (its slug).
        if ((await generatedCodesDal.freefireProductId(trx)) === undefined) {
          throw new AppError(404, ErrorCode.NOT_FOUND, 'Free Fire product not found: generated codes are sold as its stock');
        }
        const denomination = await generatedCodesDal.denomination(trx, body.denominationId);
        if (!denomination) throw notFound('Free Fire denomination');
        const request = await generatedCodesDal.insertRequest(trx, {
          denominationId: denomination.id,
          count: body.count,
          requestedBy: actor.userId,
        });
        await enqueueJob(trx, 'code-generation', 'generate-codes', {
          requestId: request.id,
          denominationId: denomination.id,
          count: body.count,
        });
        const accepted: GenerationAccepted = {
          id: request.id,
          denominationId: denomination.id,
          count: body.count,
          generated: request.generated,
          status: request.status,
        };
        await recordAudit(trx, { ...auditOf(actor, 'code_generation_request', 'create', request.id), before: null, after: accepted });
        return accepted;
      });
    },

    async listRequests(params: ListQuery) {
      const list = parseListQuery(params, GENERATION_REQUESTS_LIST);
      const { rows, total } = await listPage<GenerationRequestWithDenomination>(
        generatedCodesDal.requestsQuery(db),
        GENERATION_REQUESTS_LIST,
        list,
        'r.id',
      );
      return { records: rows.map(toRequestRecord), total, range: list.range };
    },

    async getRequest(id: string): Promise<GenerationRequestRecord> {
      const row = await generatedCodesDal.findRequest(db, id);
      if (!row) throw notFound('Generation request');
      return toRequestRecord(row);
    },

    /** Shows or hides available codes in the store; sold or held codes are left as they are. */
    async setPublished(actor: AdminActor, body: PublishCodesBody): Promise<{ updated: number }> {
      if (body.ids === undefined && body.generationRequestId === undefined) {
        throw validationFailed('The request is not valid', [
          { field: 'ids', message: 'name the codes: ids, generationRequestId, or both' },
        ]);
      }
      return db.transaction(async (trx) => {
        const changed = await stockDal.setPublished(trx, { numbers: body.ids, generationRequestId: body.generationRequestId }, body.published);
        const updated = changed.length;
        catalogueChanges.products(
          trx,
          changed.flatMap((code) => (code.product_id === null ? [] : [code.product_id])),
        );
        if (updated > 0) {
          await recordAudit(trx, {
            ...auditOf(actor, 'generated_code', body.published ? 'publish' : 'unpublish', body.generationRequestId ?? null),
            before: null,
            after: { ids: body.ids ?? null, generationRequestId: body.generationRequestId ?? null, published: body.published, updated },
          });
        }
        return { updated };
      });
    },
  };
}

export type GeneratedCodesService = ReturnType<typeof createGeneratedCodesService>;
