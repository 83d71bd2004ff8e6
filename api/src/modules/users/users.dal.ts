import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, type BalanceCurrency, type UserRole } from '@topup/common';

export interface UserRow {
  id: number;
  nickname: string;
  password_hash: string;
  role: UserRole;
  token_version: number;
  created_at: Date;
}

/** Data access for users and their balance rows; every function takes the connection or transaction to use. */
export const usersDal = {
  findByNickname: (db: Knex, nickname: string) =>
    db<UserRow>('users').whereRaw('lower(nickname) = lower(?)', [nickname]).first(),

  findById: (db: Knex, id: number) => db<UserRow>('users').where({ id }).first(),

  /** Inserts the user with a zero balance in every currency. Throws the unique violation on a taken nickname. */
  async create(trx: Knex.Transaction, user: { nickname: string; passwordHash: string }): Promise<UserRow> {
    const [row] = await trx<UserRow>('users')
      .insert({ nickname: user.nickname, password_hash: user.passwordHash, role: 'user' })
      .returning('*');
    if (!row) throw new Error('users insert returned no row');
    await trx('balances').insert(
      BALANCE_CURRENCIES.map((currency) => ({ user_id: row.id, currency, amount: 0 })),
    );
    return row;
  },

  async balancesOf(db: Knex, userId: number): Promise<Record<BalanceCurrency, number>> {
    const rows = await db('balances').where({ user_id: userId }).select<{ currency: BalanceCurrency; amount: number }[]>(
      'currency',
      'amount',
    );
    const balances: Record<BalanceCurrency, number> = { usd: 0, rub: 0 };
    for (const row of rows) balances[row.currency] = row.amount;
    return balances;
  },
};
