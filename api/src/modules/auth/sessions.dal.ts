import type { Knex } from 'knex';
import type { User } from '../../models';

/** The account a session token names, as its checks need it, and whether that token was revoked. */
export type SessionAccount = Pick<User, 'id' | 'nickname' | 'role' | 'token_version'> & { revoked: boolean };

/** How many expired rows one clean-up removes, so a clean-up never holds a long lock. */
const PRUNE_BATCH = 1000;

/** Data access for ended sessions; every function takes the connection or transaction to use. */
export const sessionsDal = {
  /** One query: the account (primary key) and the token's revocation (primary key); undefined for no such account. */
  account: (db: Knex, userId: number, jti: string): Promise<SessionAccount | undefined> =>
    db('users')
      .where({ id: userId })
      .select('id', 'nickname', 'role', 'token_version')
      .select(db.raw('exists (select 1 from revoked_tokens where jti = ?) as revoked', [jti]))
      .first(),

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
