import type { Knex } from 'knex';
import type { AccountEmail, ContentLanguage } from '@topup/common/api';
import { emailLinksDal } from './email-links.dal';
import { queueMail } from './mail-queue';

/** How long a verification link works. */
const VERIFY_LINK_SECONDS = 24 * 3600;

export interface UserEmailRow {
  id: number;
  email: string | null;
  email_verified_at: Date | null;
}

export const sameAddress = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Gives the locked account `user` the address `email` (already normalised), unverified, and mails it
 * a verification link in `language`. Any account may claim an address; only one may verify it
 * (docs/architecture.md, "Mail"). An address another account has verified is kept on this one but
 * no link is mailed to it, so a claimant learns nothing and the owner is not bothered.
 */
export async function claimEmail(trx: Knex.Transaction, user: UserEmailRow, email: string, language: ContentLanguage): Promise<AccountEmail> {
  if (sameAddress(user.email, email) && user.email_verified_at !== null) return { email: user.email, emailVerified: true };
  await trx('users').where({ id: user.id }).update({ email, email_verified_at: null, language, updated_at: trx.fn.now() });
  const token = await emailLinksDal.issue(trx, { userId: user.id, purpose: 'verify_email', email, validSeconds: VERIFY_LINK_SECONDS });
  const taken = await trx('users').whereRaw('lower(email) = lower(?)', [email]).whereNotNull('email_verified_at').whereNot({ id: user.id }).first('id');
  if (!taken) {
    await queueMail(trx, {
      user_id: user.id,
      kind: 'verify_email',
      order_id: null,
      recipient: email,
      language,
      facts: { path: `/email/verify?token=${token}` },
    });
  }
  return { email, emailVerified: false };
}

