import type { Knex } from 'knex';
import { MAIL_KINDS, MAIL_STATUSES } from '@topup/common';
import type { AdminMail, AdminMailDetail, ListQuery } from '@topup/common/api';
import { typedFilter } from '../../../lib/admin-input';
import { notFound } from '../../../lib/app-error';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import type { Serializable } from '../../../lib/typed-routes';
import type { MailRow } from '../../mail/mail.dal';

export const MAIL_LIST: ListSpec = {
  resource: 'mails',
  sortable: { id: 'id', createdAt: 'created_at', recipient: 'recipient', status: 'status' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'id', Number.MAX_SAFE_INTEGER),
    kind: typedFilter.oneOf('kind', 'kind', MAIL_KINDS),
    status: typedFilter.oneOf('status', 'status', MAIL_STATUSES),
    userId: typedFilter.reference('userId', 'user_id'),
    orderId: typedFilter.reference('orderId', 'order_id'),
    q: typedFilter.text('q', filterBy.search('recipient', 'subject')),
  },
};

const toAdminMail = (row: MailRow): Serializable<AdminMail> => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  recipient: row.recipient,
  language: row.language,
  subject: row.subject,
  userId: row.user_id,
  orderId: row.order_id === null ? null : Number(row.order_id),
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

/** The back office's Mail tab: what the store sent, or keeps where it has no SMTP server (docs/architecture.md, "Mail"). */
export function createAdminMailsService(deps: { db: Knex }) {
  const { db } = deps;
  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, MAIL_LIST);
      const page = await listPage<MailRow>(db('mails').select('*'), MAIL_LIST, list, 'id');
      return { rows: page.rows.map(toAdminMail), total: page.total, range: list.range };
    },

    async get(id: number): Promise<Serializable<AdminMailDetail>> {
      const row: MailRow | undefined = await db('mails').where({ id }).first();
      if (!row) throw notFound('Mail');
      return { ...toAdminMail(row), text: row.text_body, html: row.html_body, messageId: row.message_id ?? '', lastError: row.last_error };
    },
  };
}

export type AdminMailsService = ReturnType<typeof createAdminMailsService>;
