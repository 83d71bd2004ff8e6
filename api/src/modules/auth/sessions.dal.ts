import type { Knex } from 'knex';

/** How many expired rows one clean-up removes, so a clean-up never holds a long lock. */
const PRUNE_BATCH = 1000;

/** Data access for ended sessions; every function takes the connection or transaction to use. */
export const sessionsDal = {
  /** Records the token as logged out until it would have expired anyway; a second logout changes nothing. */
  revoke: (db: Knex, token: { jti: string; userId: number; expiresAt: Date }) =>
    db('revoked_tokens')
      .insert({ jti: token.jti, user_id: token.userId, expires_at: token.expiresAt })
      .onConflict('jti')
      .ignore(),

  /** Removes a batch of records whose tokens have expired: the expiry refuses those tokens by itself. */
  pruneRevoked: (db: Knex) =>
    db('revoked_tokens')
      .whereIn('jti', db('revoked_tokens').select('jti').where('expires_at', '<', db.fn.now()).limit(PRUNE_BATCH))
      .delete(),
};
