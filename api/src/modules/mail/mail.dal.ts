import type { Knex } from 'knex';
import type { Mail, RowOf } from '../../models';

export type MailRow = RowOf<Mail>;

/** The mail's outcome, as its job writes it. */
export type MailOutcome = Pick<MailRow, 'status' | 'subject' | 'text_body' | 'html_body' | 'message_id'> & {
  facts?: MailRow['facts'];
  last_error?: string;
};

/** Data access for the `mails` table; every function takes the connection or transaction to use. */
export const mailDal = {
  insert: async (
    trx: Knex.Transaction,
    mail: Pick<MailRow, 'user_id' | 'kind' | 'order_id' | 'recipient' | 'language' | 'facts'>,
  ): Promise<number> => {
    const [row] = await trx('mails').insert(mail).returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('mails insert returned no row');
    return Number(row.id);
  },

  find: (db: Knex, id: number): Promise<MailRow | undefined> => db('mails').where({ id }).first(),

  /** Writes what became of a mail still queued; false when another run settled it first. */
  settle: async (db: Knex, id: number, outcome: MailOutcome): Promise<boolean> =>
    (await db('mails')
      .where({ id, status: 'queued' })
      .update({ last_error: null, ...outcome, sent_at: outcome.status === 'refused' ? null : db.fn.now() })) === 1,

  /** Records why an attempt failed; the job's next attempt tries again. */
  noteFailure: (db: Knex, id: number, error: string) => db('mails').where({ id, status: 'queued' }).update({ last_error: error }),

  /** The recipient's account as a mail greets it. */
  nicknameOf: async (db: Knex, userId: number | null): Promise<string | null> =>
    userId === null ? null : ((await db('users').where({ id: userId }).first('nickname'))?.nickname ?? null),
};
