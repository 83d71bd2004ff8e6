import type { Knex } from 'knex';
import { TwoFactorChallenge, UserTwoFactor } from '../../models';

/** How many expired rows one clean-up removes, so a clean-up never holds a long lock. */
const PRUNE_BATCH = 1000;

/** Data access for two-factor sign-in; every function takes the connection or transaction to use. */
export const twoFactorDal = {
  find: (db: Knex, userId: number) => UserTwoFactor.query(db).findById(userId),

  /** The row, locked: code checks of one account run one after the other, so a code is never accepted twice. */
  lock: (trx: Knex.Transaction, userId: number) => UserTwoFactor.query(trx).findById(userId).forUpdate(),

  /** Starts (or restarts) enrolment with a new secret; the account is not protected until it is confirmed. */
  savePending: (trx: Knex.Transaction, userId: number, secretEncrypted: string) =>
    trx('user_two_factor')
      .insert({ user_id: userId, secret_encrypted: secretEncrypted })
      .onConflict('user_id')
      .merge({ secret_encrypted: secretEncrypted, enabled_at: null, last_used_step: null, updated_at: trx.fn.now() }),

  enable: (trx: Knex.Transaction, userId: number, step: number) =>
    trx('user_two_factor').where({ user_id: userId }).update({ enabled_at: trx.fn.now(), last_used_step: step, updated_at: trx.fn.now() }),

  setLastUsedStep: (trx: Knex.Transaction, userId: number, step: number) =>
    trx('user_two_factor').where({ user_id: userId }).update({ last_used_step: step, updated_at: trx.fn.now() }),

  async replaceRecoveryCodes(trx: Knex.Transaction, userId: number, hashes: string[]): Promise<void> {
    await trx('two_factor_recovery_codes').where({ user_id: userId }).delete();
    await trx('two_factor_recovery_codes').insert(hashes.map((hash) => ({ user_id: userId, code_hash: hash })));
  },

  /** Marks the unused code with this hash used; false when there is none. */
  async useRecoveryCode(trx: Knex.Transaction, userId: number, hash: string): Promise<boolean> {
    const used = await trx('two_factor_recovery_codes')
      .where({ user_id: userId, code_hash: hash })
      .whereNull('used_at')
      .update({ used_at: trx.fn.now() });
    return used > 0;
  },

  async recoveryCodesLeft(db: Knex, userId: number): Promise<number> {
    const row = await db('two_factor_recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ count: string }>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  },

  /** Everything two-factor of the account: its secret, recovery codes and open challenges. */
  async remove(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('two_factor_challenges').where({ user_id: userId }).delete();
    await trx('two_factor_recovery_codes').where({ user_id: userId }).delete();
    await trx('user_two_factor').where({ user_id: userId }).delete();
  },

  /** Moves the token version on, so every session token signed before stops working. */
  async endSessions(trx: Knex.Transaction, userId: number): Promise<number> {
    const [row] = await trx('users')
      .where({ id: userId })
      .update({ token_version: trx.raw('token_version + 1'), updated_at: trx.fn.now() })
      .returning<Array<{ token_version: number }>>('token_version');
    if (!row) throw new Error(`users row ${userId} vanished`);
    return row.token_version;
  },

  createChallenge: (db: Knex, challenge: { id: string; userId: number; remember: boolean; expiresAt: Date }) =>
    db('two_factor_challenges').insert({
      id: challenge.id,
      user_id: challenge.userId,
      remember: challenge.remember,
      expires_at: challenge.expiresAt,
    }),

  lockChallenge: (trx: Knex.Transaction, id: string) => TwoFactorChallenge.query(trx).findById(id).forUpdate(),

  /** Counts one more wrong code; answers the count. */
  async failChallenge(trx: Knex.Transaction, id: string): Promise<number> {
    const [row] = await trx('two_factor_challenges')
      .where({ id })
      .increment('failed_attempts', 1)
      .returning<Array<{ failed_attempts: number }>>('failed_attempts');
    return row?.failed_attempts ?? Number.MAX_SAFE_INTEGER;
  },

  useChallenge: (trx: Knex.Transaction, id: string) => trx('two_factor_challenges').where({ id }).update({ used_at: trx.fn.now() }),

  /** Removes a batch of challenges past their expiry (they are refused anyway). */
  pruneChallenges: (db: Knex) =>
    db('two_factor_challenges')
      .whereIn('id', db('two_factor_challenges').select('id').where('expires_at', '<', db.fn.now()).limit(PRUNE_BATCH))
      .delete(),
};
