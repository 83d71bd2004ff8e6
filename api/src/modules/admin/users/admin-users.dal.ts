import type { Knex } from 'knex';
import type { BalanceCurrency } from '@topup/common';
import { Balance, User, type LedgerEntry, type SupportMessage, type UserNote } from '../../../models';

/** A user as the back office reads it, with both balances (minor units) and how many orders they placed. */
export type UserWithTotals = Pick<User, 'id' | 'nickname' | 'role' | 'created_at'> & {
  balance_usd: number;
  balance_rub: number;
  orders_count: number;
};

/** Users with their two balances and how many orders they placed. */
function usersWithTotals(db: Knex): Knex.QueryBuilder {
  return db('users as u')
    .leftJoin('balances as bu', (join) => join.on('bu.user_id', 'u.id').andOnVal('bu.currency', 'usd'))
    .leftJoin('balances as br', (join) => join.on('br.user_id', 'u.id').andOnVal('br.currency', 'rub'))
    .select(
      'u.id',
      'u.nickname',
      'u.role',
      'u.created_at',
      db.raw('coalesce(bu.amount, 0) as balance_usd'),
      db.raw('coalesce(br.amount, 0) as balance_rub'),
      db.raw('(select count(*) from orders o where o.user_id = u.id)::int as orders_count'),
    );
}

/** A ledger entry with the nickname of the admin behind it. */
export type LedgerRowWithActor = LedgerEntry & { actor_nickname: string | null };

/** A note with its author's nickname. */
export type NoteWithAuthor = UserNote & { author_nickname: string | null };

/** Data access for the back office's users; every function takes the connection or transaction to use. */
export const adminUsersDal = {
  listBase: usersWithTotals,

  find: (db: Knex, userId: number): Promise<UserWithTotals | undefined> => usersWithTotals(db).where('u.id', userId).first(),

  /** The user row, locked: a password change and a balance change of one user run one after the other. */
  lockUser: (trx: Knex.Transaction, userId: number) => User.columnsOf(trx, userId, ['id', 'token_version'], { lock: true }),

  /** The user's balances (minor units), their rows locked until the transaction ends. */
  async lockBalances(trx: Knex.Transaction, userId: number): Promise<Record<BalanceCurrency, number>> {
    const rows = await Balance.query(trx)
      .select('currency', 'amount')
      .where({ user_id: userId })
      .orderBy('currency')
      .forUpdate();
    const balances: Record<BalanceCurrency, number> = { usd: 0, rub: 0 };
    for (const row of rows) balances[row.currency] = row.amount;
    return balances;
  },

  /** One user's ledger with each entry's admin, as a list query. */
  ledgerQuery: (db: Knex, userId: number) =>
    db('balance_ledger as l')
      .leftJoin('users as a', 'a.id', 'l.actor_id')
      .where('l.user_id', userId)
      .select('l.id', 'l.currency', 'l.amount', 'l.balance_after', 'l.reason', 'l.order_id', 'l.actor_id', 'a.nickname as actor_nickname', 'l.note', 'l.created_at'),

  /** One user's notes with their authors, as a list query. */
  notesQuery: (db: Knex) =>
    db('user_notes as n')
      .leftJoin('users as a', 'a.id', 'n.author_id')
      .select('n.id', 'n.user_id', 'n.author_id', 'a.nickname as author_nickname', 'n.note', 'n.created_at'),

  async addNote(trx: Knex.Transaction, fields: Pick<UserNote, 'user_id' | 'author_id' | 'note'>): Promise<number> {
    const [row] = await trx('user_notes').insert(fields).returning<Array<{ id: number }>>('id');
    return Number(row!.id);
  },

  /** The support requests a user sent (signed in), as a list query. */
  supportMessagesQuery: (db: Knex, userId: number) =>
    db('support_messages').where({ user_id: userId }).select<Array<Pick<SupportMessage, 'id' | 'status' | 'message' | 'created_at'>>>('id', 'status', 'message', 'created_at'),

  /** Sets the password and moves the token version on, so every token signed before stops working. */
  changePassword: (trx: Knex.Transaction, userId: number, passwordHash: string) =>
    trx('users')
      .where({ id: userId })
      .update({ password_hash: passwordHash, token_version: trx.raw('token_version + 1'), updated_at: trx.fn.now() })
      .returning<Array<Pick<User, 'token_version'>>>('token_version'),
};
