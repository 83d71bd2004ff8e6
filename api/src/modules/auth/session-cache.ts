import type { Knex } from 'knex';
import type { InvalidationBus } from '@topup/server-kit';
import type { AuthenticatedUser } from '../../types';
import { sessionsDal } from './sessions.dal';
import type { TokenClaims } from './token.service';

/**
 * How long a process trusts what it read of an account without hearing of a change: the bound on a
 * message lost while Redis was away, and on a change written straight into the database.
 */
const SAFETY_TTL_MS = 30_000;
/** Accounts kept at most; past it the longest kept goes first. */
const MAX_ACCOUNTS = 10_000;
/** Tokens kept per account; a token past it is looked up each time. */
const MAX_TOKENS_PER_ACCOUNT = 32;

export interface SessionCacheOptions {
  ttlMs?: number;
  maxAccounts?: number;
}

export interface SessionCache {
  /**
   * The user a token's session stands for now, or undefined once it has ended: the token expired or
   * revoked, the token version moved on (a password change), the account gone.
   */
  userOf(claims: TokenClaims): Promise<AuthenticatedUser | undefined>;
}

interface Entry {
  /** Frozen: every request of the account shares it. */
  user: AuthenticatedUser;
  tokenVersion: number;
  /** The account's tokens looked up so far: true for a revoked one. A revocation is never undone. */
  revokedByJti: Map<string, boolean>;
  trustedUntil: number;
}

/**
 * What a session depends on (the account's role, nickname and token version, and its revoked tokens),
 * kept in this process so a signed-in request costs no query. Whatever changes them publishes a
 * `user` invalidation (see InvalidationTopics), which drops the account here at once and in every
 * other process through Redis. An unknown account is not kept: only a token of an account that no
 * longer exists names one, and no path deletes accounts.
 */
export function createSessionCache(deps: { db: Knex; invalidations: InvalidationBus } & SessionCacheOptions): SessionCache {
  const ttlMs = deps.ttlMs ?? SAFETY_TTL_MS;
  const maxAccounts = deps.maxAccounts ?? MAX_ACCOUNTS;
  const entries = new Map<number, Entry>();
  // Moves on at every invalidation: a read that was under way meanwhile answers its request but is not kept.
  let generation = 0;

  deps.invalidations.subscribe('user', ({ userId }) => {
    generation += 1;
    if (userId === undefined) entries.clear();
    else entries.delete(userId);
  });

  function trusted(userId: number): Entry | undefined {
    const entry = entries.get(userId);
    if (entry && entry.trustedUntil > Date.now()) return entry;
    entries.delete(userId);
    return undefined;
  }

  function keep(userId: number, entry: Entry, jti: string, revoked: boolean): void {
    let kept = trusted(userId);
    // Another token version: the kept entry missed a change (a message lost), the fresh read replaces it.
    if (kept?.tokenVersion !== entry.tokenVersion) {
      entries.delete(userId);
      if (entries.size >= maxAccounts) entries.delete(entries.keys().next().value!);
      entries.set(userId, (kept = entry));
    }
    if (kept.revokedByJti.size < MAX_TOKENS_PER_ACCOUNT) kept.revokedByJti.set(jti, revoked);
  }

  return {
    async userOf({ userId, tokenVersion, jti, expiresAt }) {
      // A session ends at its token's (capped) expiry, however long its account stays kept here.
      if (expiresAt.getTime() <= Date.now()) return undefined;
      const cached = trusted(userId);
      // Token versions only go up: an older token has ended; a newer one means this entry is behind.
      if (cached && tokenVersion < cached.tokenVersion) return undefined;
      const revoked = cached?.tokenVersion === tokenVersion ? cached.revokedByJti.get(jti) : undefined;
      if (cached && revoked !== undefined) return revoked ? undefined : cached.user;

      const readAt = generation;
      const row = await sessionsDal.account(deps.db, userId, jti);
      if (!row) return undefined;
      const user: AuthenticatedUser = Object.freeze({ id: row.id, nickname: row.nickname, role: row.role });
      const entry: Entry = { user, tokenVersion: row.token_version, revokedByJti: new Map(), trustedUntil: Date.now() + ttlMs };
      if (generation === readAt) keep(userId, entry, jti, row.revoked);
      return row.revoked || row.token_version !== tokenVersion ? undefined : user;
    },
  };
}
