import type { Knex } from 'knex';
import type { AuditLogRecord, ListQuery } from '@topup/common/api';
import { typedFilter, type Dated } from '../../../lib/admin-input';
import { notFound } from '../../../lib/app-error';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { auditLogDal, type AuditRowWithActor } from './audit-log.dal';

export type AuditLogEntryRecord = Dated<AuditLogRecord, 'createdAt'>;

const AUDIT_LOG_LIST: ListSpec = {
  resource: 'audit-log',
  sortable: { id: 'a.id', createdAt: 'a.created_at', action: 'a.action', entity: 'a.entity' },
  // Rows are written in time order, so the id is the newest-first order the indexes serve.
  defaultSort: ['id', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'a.id', Number.MAX_SAFE_INTEGER),
    actorId: typedFilter.reference('actorId', 'a.actor_id'),
    entity: typedFilter.text('entity', filterBy.equals('a.entity')),
    action: typedFilter.text('action', filterBy.equals('a.action')),
    entityId: typedFilter.text('entityId', filterBy.equals('a.entity_id')),
    createdFrom: typedFilter.since('createdFrom', 'a.created_at'),
    createdTo: typedFilter.until('createdTo', 'a.created_at'),
  },
};

const toRecord = (row: AuditRowWithActor): AuditLogEntryRecord => ({
  id: Number(row.id),
  actorId: row.actor_id,
  actorNickname: row.actor_nickname,
  action: row.action,
  entity: row.entity,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
  requestId: row.request_id,
  createdAt: row.created_at,
});

/** The activity log: what admins changed and which operator actions they took, read-only. */
export function createAuditLogService(deps: { db: Knex }) {
  const { db } = deps;
  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, AUDIT_LOG_LIST);
      const { rows, total } = await listPage<AuditRowWithActor>(auditLogDal.listQuery(db), AUDIT_LOG_LIST, list, 'a.id');
      return { rows: rows.map(toRecord), total, range: list.range };
    },

    async get(id: number): Promise<AuditLogEntryRecord> {
      const row = await auditLogDal.listQuery(db).where('a.id', id).first<AuditRowWithActor | undefined>();
      if (!row) throw notFound('Activity log entry');
      return toRecord(row);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
