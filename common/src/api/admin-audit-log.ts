import Type, { type Static } from 'typebox';
import { BigIdParams, endpoint, Nullable, Timestamp } from './contract';
import { listEndpoint } from './admin-crud';

/** One recorded admin change or operator action (audit_log), as the activity log shows it. */
export const AuditLogRecord = Type.Object(
  {
    id: Type.Integer(),
    actorId: Nullable(Type.Integer({ description: 'null: the store itself (a scheduled job), or an account since removed.' })),
    actorNickname: Nullable(Type.String()),
    action: Type.String({ description: '`<entity>.<verb>`, e.g. `product.update`, `queue.retry`.' }),
    entity: Type.String(),
    entityId: Nullable(Type.String()),
    before: Type.Unknown({ description: 'The record before the change (null for a creation or an action).' }),
    after: Type.Unknown({ description: 'The record after the change, or what the action was asked to do.' }),
    requestId: Nullable(Type.String()),
    createdAt: Timestamp,
  },
  {
    examples: [
      {
        id: 501,
        actorId: 1,
        actorNickname: 'admin',
        action: 'product.update',
        entity: 'product',
        entityId: '12',
        before: { title: 'PUBG 60 UC' },
        after: { title: 'PUBG Mobile 60 UC' },
        requestId: '6c1f0f57-52b0-4b8e-9d7e-0f6b8a1f3c2d',
        createdAt: '2026-03-04T12:30:00.000Z',
      },
    ],
  },
);
export type AuditLogRecord = Static<typeof AuditLogRecord>;

export const adminAuditLogEndpoints = {
  list: listEndpoint({
    path: '/admin/audit-log',
    resource: 'audit-log',
    tag: 'Back office: activity log',
    summary: 'List recorded admin changes and operator actions',
    description:
      'Newest first by default. Filters: `actorId`, `entity`, `action`, `entityId`, `createdFrom`/`createdTo` (a day YYYY-MM-DD in the store\'s time zone, or an ISO 8601 time). Sort: id, createdAt, action, entity.',
    record: AuditLogRecord,
  }),
  get: endpoint({
    method: 'get',
    path: '/admin/audit-log/:id',
    auth: 'admin',
    tag: 'Back office: activity log',
    summary: 'Read one recorded change',
    params: BigIdParams,
    response: AuditLogRecord,
    errors: [404],
  }),
};
