import argon2 from 'argon2';
import type { Knex } from 'knex';
import { BALANCE_CURRENCIES } from '@topup/common';

export interface AdminSeedOptions {
  adminNickname: string;
  adminPassword: string;
}

export interface SeedAccount {
  nickname: string;
  password: string;
  role: 'admin' | 'user';
}

/**
 * Serialises every seed run under one transaction-scoped advisory lock, so replicas starting together
 * cannot interleave (and both create the same account).
 */
export async function lockSeed(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('topup-store:demo-seed'))`);
}

/**
 * Creates the account with a zero balance in every currency, unless its nickname is taken (in any
 * case). Returns the new user's id, or null when the nickname existed: an existing account is never
 * touched (no password reset, no role change).
 */
export async function createAccountIfMissing(trx: Knex.Transaction, account: SeedAccount): Promise<number | null> {
  const existing = await trx('users').whereRaw('lower(nickname) = lower(?)', [account.nickname]).first('id');
  if (existing) return null;
  const passwordHash = await argon2.hash(account.password, { type: argon2.argon2id });
  const [user] = await trx('users')
    .insert({ nickname: account.nickname, password_hash: passwordHash, role: account.role })
    .returning<Array<{ id: number }>>('id');
  if (!user) throw new Error(`Seed: could not create ${account.nickname}`);
  await trx('balances')
    .insert(BALANCE_CURRENCIES.map((currency) => ({ user_id: user.id, currency, amount: 0 })))
    .onConflict(['user_id', 'currency'])
    .ignore();
  return user.id;
}

/**
 * Creates the admin account (ADMIN_NICKNAME / ADMIN_PASSWORD) if it is missing: the only account a
 * production store seeds, and the first step of the demo seed. Idempotent; returns true when it created it.
 */
export async function ensureAdminAccount(db: Knex, options: AdminSeedOptions): Promise<boolean> {
  return db.transaction(async (trx) => {
    await lockSeed(trx);
    const existing = await trx('users').whereRaw('lower(nickname) = lower(?)', [options.adminNickname]).first('id');
    if (existing) return false;
    // Checked only when creating: an empty password would make the back office open to anyone.
    if (!options.adminPassword) throw new Error('ADMIN_PASSWORD is not set: the admin account cannot be created');
    const id = await createAccountIfMissing(trx, { nickname: options.adminNickname, password: options.adminPassword, role: 'admin' });
    return id !== null;
  });
}
