import type { Knex } from 'knex';

export interface NewSupportMessage {
  userId: number | null;
  nickname: string;
  contact: string;
  message: string;
}

/** Data access for support messages; every function takes the connection or transaction to use. */
export const supportDal = {
  async insert(db: Knex, message: NewSupportMessage): Promise<number> {
    const [row] = await db('support_messages')
      .insert({ user_id: message.userId, nickname: message.nickname, contact: message.contact, message: message.message })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('support_messages insert returned no row');
    return row.id;
  },
};
