import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, type BalanceCurrency, type ContentLanguage } from '@topup/common';
import { Balance, User, type RowOf } from '../../models';

/** Data access for users and their balance rows; every function takes the connection or transaction to use. */
export const usersDal = {
  findByNickname: (db: Knex, nickname: string) => User.query(db).whereRaw('lower(nickname) = lower(?)', [nickname]).first(),

  findById: (db: Knex, id: number) => User.query(db).findById(id),

  /**
   * Inserts the user with a zero balance in every currency. Throws pg's unique violation on a taken
   * nickname (knex, not objection, which would wrap it).
   */
  async create(trx: Knex.Transaction, user: { nickname: string; passwordHash: string; language?: ContentLanguage }): Promise<RowOf<User>> {
    const [row] = await trx('users')
      .insert({ nickname: user.nickname, password_hash: user.passwordHash, role: 'user', ...(user.language ? { language: user.language } : {}) })
      .returning<Array<RowOf<User>>>('*');
    if (!row) throw new Error('users insert returned no row');
    await trx('balances').insert(BALANCE_CURRENCIES.map((currency) => ({ user_id: row.id, currency, amount: 0 })));
    return row;
  },

  async balancesOf(db: Knex, userId: number): Promise<Record<BalanceCurrency, number>> {
    const rows = await Balance.query(db).where({ user_id: userId }).select('currency', 'amount');
    const balances: Record<BalanceCurrency, number> = { usd: 0, rub: 0 };
    for (const row of rows) balances[row.currency] = row.amount;
    return balances;
  },
};
