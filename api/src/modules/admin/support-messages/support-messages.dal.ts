import type { Knex } from 'knex';
import type { Order, SupportMessage, SupportReply, User } from '../../../models';

/** A support message with its writer's account nickname (null for a visitor or a deleted account). */
export type SupportMessageRow = Pick<
  SupportMessage,
  'id' | 'status' | 'nickname' | 'user_id' | 'contact' | 'message' | 'created_at' | 'updated_at' | 'read_at' | 'closed_at'
> & { user_nickname: User['nickname'] | null };

export type SupportReplyRow = Pick<SupportReply, 'id' | 'message' | 'author_id' | 'created_at'> & { author_nickname: User['nickname'] | null };

const MESSAGE_COLUMNS = [
  'm.id',
  'm.status',
  'm.nickname',
  'm.user_id',
  'u.nickname as user_nickname',
  'm.contact',
  'm.message',
  'm.created_at',
  'm.updated_at',
  'm.read_at',
  'm.closed_at',
];

/** What a change writes to a message: the status, and the times as SQL (`now()`) or null. */
export interface SupportMessageChange {
  status?: SupportMessage['status'];
  read_at?: Knex.Raw | null;
  closed_at?: Knex.Raw | null;
  updated_at?: Knex.Raw;
}

/** Data access for the back office's support inbox; every function takes the connection or transaction to use. */
export const supportMessagesDal = {
  /** Every message with its writer's account: the base the list filters, sorts and pages. */
  listBase: (db: Knex): Knex.QueryBuilder =>
    db('support_messages as m').leftJoin('users as u', 'u.id', 'm.user_id').select(MESSAGE_COLUMNS),

  find: (db: Knex, id: number): Promise<SupportMessageRow | undefined> => supportMessagesDal.listBase(db).where('m.id', id).first(),

  /** Locks the message for a change; answers whether it exists. */
  lock: async (trx: Knex.Transaction, id: number): Promise<boolean> =>
    (await trx('support_messages').where({ id }).forUpdate().first('id')) !== undefined,

  /** Marks the message read if nobody has opened it yet; answers whether it did. */
  markReadIfUnread: async (trx: Knex.Transaction, id: number): Promise<boolean> =>
    (await trx('support_messages').where({ id }).whereNull('read_at').update({ read_at: trx.fn.now() })) > 0,

  update: (trx: Knex.Transaction, id: number, change: SupportMessageChange) => trx('support_messages').where({ id }).update(change),

  insertReply: async (trx: Knex.Transaction, reply: Pick<SupportReply, 'message_id' | 'author_id' | 'message'>): Promise<number> => {
    const [row] = await trx('support_replies').insert(reply).returning<{ id: number }[]>('id');
    if (!row) throw new Error('support_replies insert returned no row');
    return row.id;
  },

  /** The replies, oldest first, with their authors' nicknames. */
  replies: (db: Knex, messageId: number): Promise<SupportReplyRow[]> =>
    db('support_replies as r')
      .leftJoin('users as a', 'a.id', 'r.author_id')
      .where('r.message_id', messageId)
      .orderBy('r.id')
      .select('r.id', 'r.message', 'r.author_id', 'a.nickname as author_nickname', 'r.created_at'),

  /** The account's latest orders, newest first. */
  recentOrders: (db: Knex, userId: number, limit: number) =>
    db('orders')
      .where({ user_id: userId })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .select<Array<Pick<Order, 'id' | 'status' | 'total' | 'currency' | 'created_at'>>>('id', 'status', 'total', 'currency', 'created_at'),
};
