import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export type EmailLinkPurpose = 'verify_email' | 'reset_password';

export interface EmailLinkRow {
  id: number;
  user_id: number;
  purpose: EmailLinkPurpose;
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

/** A link's token is kept only as this hash: a copy of the database opens no account. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Data access for the single-use links mailed to an account; every function takes the transaction to use. */
export const emailLinksDal = {
  /**
   * A new link for `purpose`, valid `validSeconds`; the account's earlier unused links of that purpose
   * stop working, so only the latest mail's link opens. Resolves to the token, which is stored nowhere.
   */
  async issue(trx: Knex.Transaction, link: { userId: number; purpose: EmailLinkPurpose; email: string; validSeconds: number }): Promise<string> {
    await emailLinksDal.retire(trx, link.userId, link.purpose);
    const token = randomBytes(32).toString('base64url');
    await trx('email_links').insert({
      user_id: link.userId,
      purpose: link.purpose,
      token_hash: hashLinkToken(token),
      email: link.email,
      expires_at: trx.raw('now() + make_interval(secs => ?)', [link.validSeconds]),
    });
    return token;
  },

  /** The account's unused links of `purpose` stop working. */
  retire: (trx: Knex.Transaction, userId: number, purpose: EmailLinkPurpose) =>
    trx('email_links').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: trx.fn.now() }),

  /** The unused, unexpired link of `purpose` the token opens, locked, or undefined. */
  lockUsable: (trx: Knex.Transaction, token: string, purpose: EmailLinkPurpose): Promise<EmailLinkRow | undefined> =>
    trx('email_links')
      .where({ token_hash: hashLinkToken(token), purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', trx.fn.now())
      .forUpdate()
      .first('id', 'user_id', 'purpose', 'email', 'expires_at', 'used_at'),

  markUsed: (trx: Knex.Transaction, id: number) => trx('email_links').where({ id }).update({ used_at: trx.fn.now() }),
};
