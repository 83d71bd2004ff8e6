import type { Knex } from 'knex';
import type { InvalidationBus } from '@topup/server-kit';
import { ErrorCode } from '@topup/common';
import type { AuthSession, ChangeOwnPasswordBody } from '@topup/common/api';
import { AppError, unauthorized, validationFailed } from '../../lib/app-error';
import type { AuthenticatedSession } from '../../types';
import { adminUsersDal } from '../admin/users/admin-users.dal';
import { usersDal } from '../users/users.dal';
import { passwordErrors } from './auth.service';
import type { PasswordHasher } from './password-hasher';
import { sessionsDal } from './sessions.dal';
import type { TokenService } from './token.service';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** Ending one session (logout) and changing one's own password (which ends all the others). */
export function createSessionsService(deps: { db: Knex; tokens: TokenService; passwords: PasswordHasher; invalidations: InvalidationBus }) {
  const { db, tokens, passwords, invalidations } = deps;

  return {
    /** Revokes the token presented; the account's other sessions go on. Expired records are pruned on the way. */
    async logout(session: AuthenticatedSession): Promise<void> {
      await sessionsDal.revoke(db, { jti: session.token.jti, userId: session.user.id, expiresAt: session.token.expiresAt });
      await invalidations.publish('user', { userId: session.user.id });
      await sessionsDal.pruneRevoked(db);
    },

    /**
     * Checks the current password, sets the new one (registration's rules) and moves the token version
     * on, so every other session ends; answers a fresh token for this one, of the same lifetime kind.
     * A wrong current password is 401 INVALID_CREDENTIALS (the router counts it as a failed login).
     */
    async changePassword(session: AuthenticatedSession, body: ChangeOwnPasswordBody): Promise<AuthSession> {
      const errors = passwordErrors(body.newPassword, 'newPassword');
      if (errors.length > 0) throw validationFailed('Please correct the highlighted fields', errors);
      const user = await usersDal.findById(db, session.user.id);
      if (!user) throw unauthorized(SESSION_ENDED);
      if (!(await passwords.verify(user.password_hash, body.currentPassword))) {
        throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'The current password is not right', [
          { field: 'currentPassword', message: 'current_password_wrong' },
        ]);
      }
      // Hashed before the transaction: argon2 is slow on purpose and must not hold the row lock.
      const passwordHash = await passwords.hash(body.newPassword);
      const tokenVersion = await db.transaction(async (trx) => {
        const locked = await adminUsersDal.lockUser(trx, user.id);
        // Another password change (or an admin's) ended this session meanwhile: it must not win.
        if (!locked || locked.token_version !== user.token_version) throw unauthorized(SESSION_ENDED);
        const [updated] = await adminUsersDal.changePassword(trx, user.id, passwordHash);
        if (!updated) throw unauthorized(SESSION_ENDED);
        return updated.token_version;
      });
      await invalidations.publish('user', { userId: user.id });
      const token = tokens.sign({ userId: user.id, tokenVersion, remember: session.token.remember });
      return { token, nickname: user.nickname, userId: user.id };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
