import type { Knex } from 'knex';
import type { InvalidationBus } from '@topup/server-kit';
import { ErrorCode, normaliseEmail } from '@topup/common';
import type { AccountEmail, ContentLanguage, ForgotPasswordAnswer, VerifiedEmail } from '@topup/common/api';
import { AppError, validationFailed } from '../../lib/app-error';
import { adminUsersDal } from '../admin/users/admin-users.dal';
import { passwordErrors } from '../auth/auth.service';
import type { PasswordHasher } from '../auth/password-hasher';
import { emailLinksDal } from './email-links.dal';
import { claimEmail, sameAddress, type UserEmailRow } from './email-claim';
import { queueMail } from './mail-queue';

const UNIQUE_VIOLATION = '23505';
/** How long a password reset link works: the issue's 30 minutes. */
export const RESET_LINK_SECONDS = 30 * 60;

const linkExpired = () =>
  new AppError(400, ErrorCode.LINK_EXPIRED, 'This link has expired or has already been used. Ask for a new one.');

/** The address a shopper typed, normalised, or 400 with the message key the storefront translates. */
export function emailOrRefuse(raw: string, field = 'email'): string {
  const email = normaliseEmail(raw);
  if (!email) throw validationFailed('Please correct the highlighted fields', [{ field, message: 'email_invalid' }]);
  return email;
}

/** The account's address, its verification link, and the password reset by mail (docs/architecture.md, "Mail"). */
export function createAccountEmailService(deps: { db: Knex; passwords: PasswordHasher; invalidations: InvalidationBus }) {
  const { db, passwords, invalidations } = deps;

  const lockUser = (trx: Knex.Transaction, userId: number): Promise<UserEmailRow | undefined> =>
    trx('users').where({ id: userId }).forUpdate().first('id', 'email', 'email_verified_at');

  return {
    /** Sets, changes or (null, '') removes the address; a new or unverified one is mailed a fresh link. */
    async changeEmail(userId: number, raw: string | null, language: ContentLanguage): Promise<AccountEmail> {
      const email = raw === null || raw.trim() === '' ? null : emailOrRefuse(raw);
      return db.transaction(async (trx) => {
        const user = await lockUser(trx, userId);
        if (!user) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'Your session has ended. Please log in again.');
        if (email === null) {
          await trx('users').where({ id: userId }).update({ email: null, email_verified_at: null, updated_at: trx.fn.now() });
          await emailLinksDal.retire(trx, userId, 'verify_email');
          return { email: null, emailVerified: false };
        }
        return claimEmail(trx, user, email, language);
      });
    },

    /** Opens a verification link: the account's address becomes verified, unless another account verified it first (409). */
    async verifyEmail(token: string): Promise<VerifiedEmail> {
      try {
        return await db.transaction(async (trx) => {
          const link = await emailLinksDal.lockUsable(trx, token, 'verify_email');
          if (!link) throw linkExpired();
          const user = await lockUser(trx, link.user_id);
          // The account changed its address since: this link verifies the old one only.
          if (!user || !sameAddress(user.email, link.email)) throw linkExpired();
          await emailLinksDal.markUsed(trx, link.id);
          await trx('users').where({ id: user.id }).update({ email_verified_at: trx.fn.now(), updated_at: trx.fn.now() });
          return { email: user.email! };
        });
      } catch (err) {
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
          throw new AppError(409, ErrorCode.EMAIL_TAKEN, 'This address is already confirmed on another account.');
        }
        throw err;
      }
    },

    /**
     * Mails a reset link (valid 30 minutes) when an account has this address verified, in the
     * language of the request; answers the same whatever the address, so it tells no one which exist.
     */
    async forgotPassword(raw: string, language: ContentLanguage): Promise<ForgotPasswordAnswer> {
      const email = normaliseEmail(raw);
      if (email) {
        await db.transaction(async (trx) => {
          const user: { id: number; email: string } | undefined = await trx('users')
            .whereRaw('lower(email) = lower(?)', [email])
            .whereNotNull('email_verified_at')
            .forUpdate()
            .first('id', 'email');
          if (!user) return;
          const token = await emailLinksDal.issue(trx, { userId: user.id, purpose: 'reset_password', email: user.email, validSeconds: RESET_LINK_SECONDS });
          await queueMail(trx, {
            user_id: user.id,
            kind: 'reset_password',
            order_id: null,
            recipient: user.email,
            language,
            facts: { path: `/password/reset?token=${token}` },
          });
        });
      }
      return { accepted: true };
    },

    /**
     * Sets a new password with a reset link, once: the link and any other of the account's are used up,
     * and the token version moves on, so every session of the account ends in every process.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const errors = passwordErrors(password, 'password');
      if (errors.length > 0) throw validationFailed('Please correct the highlighted fields', errors);
      const found = await db.transaction((trx) => emailLinksDal.lockUsable(trx, token, 'reset_password'));
      if (!found) throw linkExpired();
      // Hashed before the transaction: argon2 is slow on purpose and must not hold the row locks.
      const passwordHash = await passwords.hash(password);
      const userId = await db.transaction(async (trx) => {
        // Checked again under the lock: a second use of the same link meanwhile finds it used.
        const link = await emailLinksDal.lockUsable(trx, token, 'reset_password');
        if (!link) throw linkExpired();
        await emailLinksDal.markUsed(trx, link.id);
        await emailLinksDal.retire(trx, link.user_id, 'reset_password');
        if (!(await adminUsersDal.lockUser(trx, link.user_id))) throw linkExpired();
        await adminUsersDal.changePassword(trx, link.user_id, passwordHash);
        return link.user_id;
      });
      await invalidations.publish('user', { userId });
    },
  };
}

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
