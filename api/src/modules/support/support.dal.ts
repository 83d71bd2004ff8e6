import type { Knex } from 'knex';
import type { SupportMessage } from '../../models';

/** Data access for support messages; every function takes the connection or transaction to use. */
export const supportDal = {
  async insert(db: Knex, message: Pick<SupportMessage, 'user_id' | 'nickname' | 'contact' | 'message'>): Promise<number> {
    const [row] = await db('support_messages').insert(message).returning<{ id: number }[]>('id');
    if (!row) throw new Error('support_messages insert returned no row');
    return row.id;
  },
};
