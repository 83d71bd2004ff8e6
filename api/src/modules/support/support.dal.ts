import type { Knex } from 'knex';
import type { SupportMessage, SupportReply } from '../../models';

/** Data access for support messages; every function takes the connection or transaction to use. */
export const supportDal = {
  async insert(db: Knex, message: Pick<SupportMessage, 'user_id' | 'nickname' | 'contact' | 'message'>): Promise<number> {
    const [row] = await db('support_messages').insert(message).returning<{ id: number }[]>('id');
    if (!row) throw new Error('support_messages insert returned no row');
    return row.id;
  },

  /** The account's own messages, newest first. */
  ofUser: (db: Knex, userId: number, limit: number) =>
    db('support_messages')
      .where({ user_id: userId })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .select<Array<Pick<SupportMessage, 'id' | 'status' | 'message' | 'created_at'>>>('id', 'status', 'message', 'created_at'),

  /** The replies to these messages, oldest first. */
  repliesTo: (db: Knex, messageIds: number[]) =>
    db('support_replies')
      .whereIn('message_id', messageIds)
      .orderBy('id')
      .select<Array<Pick<SupportReply, 'id' | 'message_id' | 'message' | 'created_at'>>>('id', 'message_id', 'message', 'created_at'),
};
