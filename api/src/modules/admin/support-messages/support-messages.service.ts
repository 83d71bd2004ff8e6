import type { Knex } from 'knex';
import { fromMinor, SUPPORT_MESSAGE_STATUSES } from '@topup/common';
import {
  SUPPORT_RECENT_ORDERS,
  type AdminSupportMessage,
  type AdminSupportMessageDetail,
  type ListQuery,
  type SupportSettings,
  type UpdateSupportMessageBody,
} from '@topup/common/api';
import { auditOf, typedFilter, type AdminActor } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import type { Serializable } from '../../../lib/typed-routes';
import { supportDal } from '../../support/support.dal';
import { toSupportSettings } from '../../support/support.service';
import { supportMessagesDal, type SupportMessageChange, type SupportMessageRow } from './support-messages.dal';

const ENTITY = 'support_message';

const searchText = filterBy.search('m.nickname', 'm.contact', 'm.message', 'u.nickname');

export const SUPPORT_MESSAGE_LIST: ListSpec = {
  resource: 'support-messages',
  sortable: { id: 'm.id', createdAt: 'm.created_at', updatedAt: 'm.updated_at', status: 'm.status' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'm.id', Number.MAX_SAFE_INTEGER),
    status: typedFilter.oneOf('status', 'm.status', SUPPORT_MESSAGE_STATUSES),
    userId: typedFilter.reference('userId', 'm.user_id'),
    unread: (query, value) => {
      if (value !== true && value !== false && value !== 'true' && value !== 'false') {
        throw validationFailed('The request is not valid', [{ field: 'filter.unread', message: 'must be true or false' }]);
      }
      if (value === true || value === 'true') void query.whereNull('m.read_at');
      else void query.whereNotNull('m.read_at');
    },
    // `#318` is a message number; anything else is looked for in the names, the contact and the text.
    q: typedFilter.text('q', (query, text) => {
      const number = /^#(\d{1,15})$/.exec(String(text));
      if (number) void query.where('m.id', Number(number[1]));
      else searchText(query, text);
    }),
  },
};

const toAdminSupportMessage = (row: SupportMessageRow): Serializable<AdminSupportMessage> => ({
  id: row.id,
  status: row.status,
  nickname: row.nickname,
  userId: row.user_id,
  userNickname: row.user_nickname,
  contact: row.contact,
  message: row.message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  readAt: row.read_at,
  closedAt: row.closed_at,
});

/** The back office's support inbox (common/src/api/admin-support-messages.ts). */
export function createAdminSupportMessagesService(deps: { db: Knex }) {
  const { db } = deps;

  async function snapshot(conn: Knex, id: number): Promise<Serializable<AdminSupportMessage>> {
    const row = await supportMessagesDal.find(conn, id);
    if (!row) throw notFound('Support message');
    return toAdminSupportMessage(row);
  }

  async function detail(id: number): Promise<Serializable<AdminSupportMessageDetail>> {
    const message = await snapshot(db, id);
    const [replies, orders] = await Promise.all([
      supportMessagesDal.replies(db, id),
      message.userId === null ? [] : supportMessagesDal.recentOrders(db, message.userId, SUPPORT_RECENT_ORDERS),
    ]);
    return {
      ...message,
      replies: replies.map((reply) => ({
        id: reply.id,
        message: reply.message,
        authorId: reply.author_id,
        authorNickname: reply.author_nickname,
        createdAt: reply.created_at,
      })),
      recentOrders: orders.map((order) => ({
        id: order.id,
        status: order.status,
        total: fromMinor(order.total),
        currency: order.currency,
        createdAt: order.created_at,
      })),
    };
  }

  /** Locks the message, applies `change` and records it under `verb`, all in one transaction. */
  async function change(
    actor: AdminActor,
    id: number,
    decide: (current: Serializable<AdminSupportMessage>, trx: Knex.Transaction) => Promise<{ verb: string; change: SupportMessageChange; note?: Record<string, unknown> } | null>,
  ): Promise<void> {
    await db.transaction(async (trx) => {
      if (!(await supportMessagesDal.lock(trx, id))) throw notFound('Support message');
      const before = await snapshot(trx, id);
      const decision = await decide(before, trx);
      if (!decision) return;
      await supportMessagesDal.update(trx, id, decision.change);
      const after = await snapshot(trx, id);
      await recordAudit(trx, { ...auditOf(actor, ENTITY, decision.verb, id), before, after: { ...after, ...decision.note } });
    });
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, SUPPORT_MESSAGE_LIST);
      const page = await listPage<SupportMessageRow>(supportMessagesDal.listBase(db), SUPPORT_MESSAGE_LIST, list, 'm.id');
      return { rows: page.rows.map(toAdminSupportMessage), total: page.total, range: list.range };
    },

    /** The message as an admin opens it: the first opening marks it read, and the audit log says who read it. */
    async open(actor: AdminActor, id: number): Promise<Serializable<AdminSupportMessageDetail>> {
      await db.transaction(async (trx) => {
        const before = await snapshot(trx, id);
        if (before.readAt !== null || !(await supportMessagesDal.markReadIfUnread(trx, id))) return;
        await recordAudit(trx, { ...auditOf(actor, ENTITY, 'read', id), before, after: await snapshot(trx, id) });
      });
      return detail(id);
    },

    /** Closes or reopens the message and marks it read or unread; what is already so changes nothing. */
    async update(actor: AdminActor, id: number, body: UpdateSupportMessageBody): Promise<Serializable<AdminSupportMessageDetail>> {
      await change(actor, id, async (current, trx) => {
        const update: SupportMessageChange = {};
        const verbs: string[] = [];
        if (body.status === 'closed' && current.status !== 'closed') {
          Object.assign(update, { status: 'closed', closed_at: trx.fn.now(), updated_at: trx.fn.now() });
          verbs.push('close');
        } else if (body.status === 'open' && current.status !== 'open') {
          Object.assign(update, { status: 'open', closed_at: null, updated_at: trx.fn.now() });
          verbs.push('reopen');
        }
        if (body.read === true && current.readAt === null) {
          update.read_at = trx.fn.now();
          verbs.push('mark_read');
        } else if (body.read === false && current.readAt !== null) {
          update.read_at = null;
          verbs.push('mark_unread');
        }
        return verbs.length === 0 ? null : { verb: verbs.length === 1 ? verbs[0]! : 'update', change: update };
      });
      return detail(id);
    },

    /** Adds an admin's reply: the message becomes answered (a closed one is reopened so) and read. */
    async reply(actor: AdminActor, id: number, text: string): Promise<Serializable<AdminSupportMessageDetail>> {
      await change(actor, id, async (_current, trx) => {
        const replyId = await supportMessagesDal.insertReply(trx, { message_id: id, author_id: actor.userId, message: text.trim() });
        return {
          verb: 'reply',
          change: { status: 'answered', closed_at: null, read_at: trx.raw('coalesce(read_at, now())'), updated_at: trx.fn.now() },
          note: { replyId, reply: text.trim() },
        };
      });
      return detail(id);
    },

    async settings(): Promise<SupportSettings> {
      return toSupportSettings(await supportDal.settings(db));
    },

    /** Sets the support page's messenger and intro texts (trimmed), recorded in the audit log. */
    async updateSettings(actor: AdminActor, body: SupportSettings): Promise<SupportSettings> {
      return db.transaction(async (trx) => {
        const before = await supportDal.lockSettings(trx);
        const after = toSupportSettings(
          await supportDal.saveSettings(trx, {
            messenger_name: body.messengerName.trim(),
            messenger_url: body.messengerUrl.trim(),
            intro: { ru: body.intro.ru.trim(), en: body.intro.en.trim(), uz: body.intro.uz.trim() },
          }),
        );
        await recordAudit(trx, { ...auditOf(actor, 'support_settings', 'update', 1), before: before ? toSupportSettings(before) : null, after });
        return after;
      });
    },
  };
}

export type AdminSupportMessagesService = ReturnType<typeof createAdminSupportMessagesService>;
