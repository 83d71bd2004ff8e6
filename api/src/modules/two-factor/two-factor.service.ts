import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ErrorCode, type UserRole } from '@topup/common';
import type {
  AuthSession,
  SignInAnswer,
  TwoFactorChallenge,
  TwoFactorConfirmation,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@topup/common/api';
import { auditOf, conflict, type AdminActor } from '../../lib/admin-input';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { CodeCrypto, InvalidationBus } from '@topup/server-kit';
import type { UserTwoFactor } from '../../models';
import type { AuthenticatedSession } from '../../types';
import type { TokenService } from '../auth/token.service';
import { CHALLENGE_TTL_SECONDS, type ChallengeTokens } from './challenge-tokens';
import { createRecoveryCodeHasher, formatRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes';
import { twoFactorDal } from './two-factor.dal';
import { acceptedTotpStep, looksLikeTotp, newTotpSecret, qrCodeDataUrl, totpUrl } from './totp';

/** Wrong codes one sign-in may send before it has to start again from the password. */
export const MAX_CHALLENGE_ATTEMPTS = 5;

/** The account as the password step found it. */
export interface SignInUser {
  id: number;
  nickname: string;
  role: UserRole;
  token_version: number;
}

const challengeExpired = () =>
  new AppError(401, ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED, 'This sign-in has expired or was already used. Please sign in again.');

export function createTwoFactorService(deps: {
  db: Knex;
  tokens: TokenService;
  challenges: ChallengeTokens;
  codeCrypto: CodeCrypto;
  codesKey: string;
  /** ADMIN_REQUIRE_2FA. */
  requiredForAdmins: boolean;
  invalidations: InvalidationBus;
}) {
  const { db, tokens, challenges, codeCrypto, invalidations } = deps;
  const hashRecoveryCode = createRecoveryCodeHasher(deps.codesKey);

  const isEnabled = async (userId: number) => Boolean((await twoFactorDal.find(db, userId))?.enabled_at);

  async function startChallenge(user: SignInUser, remember: boolean): Promise<TwoFactorChallenge> {
    const id = randomUUID();
    await twoFactorDal.pruneChallenges(db);
    await twoFactorDal.createChallenge(db, { id, userId: user.id, remember, expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) });
    return { twoFactorRequired: true, challenge: challenges.sign({ challengeId: id, userId: user.id, tokenVersion: user.token_version }) };
  }

  /**
   * Accepts a TOTP newer than the last one used (and remembers its step), or an unused recovery code
   * (and uses it up). The caller holds the row's lock.
   */
  async function acceptCode(trx: Knex.Transaction, row: UserTwoFactor, code: string): Promise<'totp' | 'recovery' | null> {
    if (looksLikeTotp(code)) {
      const step = await acceptedTotpStep(codeCrypto.decrypt(row.secret_encrypted), code, row.last_used_step);
      if (step === null) return null;
      await twoFactorDal.setLastUsedStep(trx, row.user_id, step);
      return 'totp';
    }
    const recovery = normaliseRecoveryCode(code);
    if (recovery === null) return null;
    return (await twoFactorDal.useRecoveryCode(trx, row.user_id, hashRecoveryCode(recovery))) ? 'recovery' : null;
  }

  type ChallengeOutcome = { kind: 'dead' } | { kind: 'wrong'; attemptsLeft: number } | { kind: 'ok'; user: SignInUser; remember: boolean };

  /** One code against one challenge, in one transaction: a wrong code's count is kept even though the call fails. */
  async function tryChallenge(challenge: string, code: string): Promise<ChallengeOutcome> {
    const claims = challenges.verify(challenge);
    if (!claims) return { kind: 'dead' };
    return db.transaction(async (trx): Promise<ChallengeOutcome> => {
      const row = await twoFactorDal.lockChallenge(trx, claims.challengeId);
      const open =
        row && row.user_id === claims.userId && !row.used_at && row.expires_at > new Date() && row.failed_attempts < MAX_CHALLENGE_ATTEMPTS;
      if (!row || !open) return { kind: 'dead' };
      const user = await trx('users').where({ id: claims.userId }).first<SignInUser | undefined>('id', 'nickname', 'role', 'token_version');
      const secret = await twoFactorDal.lock(trx, claims.userId);
      // A password change or a 2FA reset since the password step ends the sign-in.
      if (!user || user.token_version !== claims.tokenVersion || !secret?.enabled_at) return { kind: 'dead' };
      if (!(await acceptCode(trx, secret, code.trim()))) {
        const failed = await twoFactorDal.failChallenge(trx, row.id);
        return { kind: 'wrong', attemptsLeft: Math.max(0, MAX_CHALLENGE_ATTEMPTS - failed) };
      }
      await twoFactorDal.useChallenge(trx, row.id);
      return { kind: 'ok', user, remember: row.remember };
    });
  }

  function sessionFor(user: SignInUser, options: { remember: boolean; tokenVersion?: number }): AuthSession {
    const token = tokens.sign({ userId: user.id, tokenVersion: options.tokenVersion ?? user.token_version, remember: options.remember });
    return { token, nickname: user.nickname, userId: user.id };
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      if (!(await db('users').where({ id: userId }).first('id'))) throw notFound('User');
      return { enabled: await isEnabled(userId), recoveryCodesLeft: await twoFactorDal.recoveryCodesLeft(db, userId), required: deps.requiredForAdmins };
    },

    /**
     * After a correct password: the second step when the account uses two-factor; a token limited to
     * enrolment for an admin the store requires it of who has not enrolled; else the session.
     */
    async signIn(user: SignInUser, options: { remember: boolean }): Promise<SignInAnswer> {
      if (await isEnabled(user.id)) return startChallenge(user, options.remember);
      if (user.role === 'admin' && deps.requiredForAdmins) {
        const token = tokens.sign({ userId: user.id, tokenVersion: user.token_version, remember: options.remember, enrolment: true });
        return { token, nickname: user.nickname, userId: user.id, twoFactorEnrolmentRequired: true };
      }
      return sessionFor(user, options);
    },

    /**
     * The nickname a challenge was handed to, so the login protection counts a wrong code against that
     * account like a wrong password; undefined for a forged, expired or malformed challenge.
     */
    async nicknameOf(challenge: string): Promise<string | undefined> {
      const claims = challenges.verify(challenge);
      if (!claims) return undefined;
      const row = await db('users').where({ id: claims.userId }).first<{ nickname: string } | undefined>('nickname');
      return row?.nickname;
    },

    /** The second step: a TOTP or a recovery code for the challenge; the session it opens. */
    async completeSignIn(challenge: string, code: string): Promise<AuthSession> {
      const outcome = await tryChallenge(challenge, code);
      if (outcome.kind === 'dead') throw challengeExpired();
      if (outcome.kind === 'wrong') {
        throw new AppError(401, ErrorCode.INVALID_TWO_FACTOR_CODE, 'The code is not right', { attemptsLeft: outcome.attemptsLeft });
      }
      return sessionFor(outcome.user, { remember: outcome.remember });
    },

    /** A new pending secret (replacing any earlier pending one); nothing is protected until it is confirmed. */
    async enrol(user: { id: number; nickname: string }): Promise<TwoFactorEnrolment> {
      const secret = newTotpSecret();
      await db.transaction(async (trx) => {
        if ((await twoFactorDal.lock(trx, user.id))?.enabled_at) {
          throw conflict('Two-factor authentication is already on for this account; another admin can reset it');
        }
        await twoFactorDal.savePending(trx, user.id, codeCrypto.encrypt(secret));
      });
      const otpauthUrl = totpUrl(secret, user.nickname);
      return { secret, otpauthUrl, qr: await qrCodeDataUrl(otpauthUrl) };
    },

    /**
     * The first code from the authenticator app turns two-factor on: recovery codes are issued, the
     * account's other sessions end (they were opened with the password alone), and this one gets a
     * full token.
     */
    async confirm(session: AuthenticatedSession, requestId: string, code: string): Promise<TwoFactorConfirmation> {
      const { user } = session;
      const recoveryCodes = newRecoveryCodes();
      const tokenVersion = await db.transaction(async (trx) => {
        const row = await twoFactorDal.lock(trx, user.id);
        if (!row) throw conflict('Start the set-up first: no two-factor secret is waiting for a code');
        if (row.enabled_at) throw conflict('Two-factor authentication is already on for this account');
        const step = await acceptedTotpStep(codeCrypto.decrypt(row.secret_encrypted), code.trim(), null);
        if (step === null) return null;
        await twoFactorDal.enable(trx, user.id, step);
        await twoFactorDal.replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode));
        const version = await twoFactorDal.endSessions(trx, user.id);
        await recordAudit(trx, {
          ...auditOf({ userId: user.id, requestId }, 'user', 'two_factor_enable', user.id),
          before: { enabled: false },
          after: { enabled: true, recoveryCodes: recoveryCodes.length, tokenVersion: version },
        });
        return version;
      });
      if (tokenVersion === null) {
        throw new AppError(400, ErrorCode.INVALID_TWO_FACTOR_CODE, 'The code is not right: check the time on your phone and try the current code');
      }
      await invalidations.publish('user', { userId: user.id });
      const fresh = sessionFor({ ...user, token_version: tokenVersion }, { remember: session.token.remember });
      return { ...fresh, recoveryCodes: recoveryCodes.map(formatRecoveryCode) };
    },

    /** Another admin's two-factor is removed (they enrol again at their next sign-in) and their sessions end. */
    async reset(actor: AdminActor, userId: number): Promise<TwoFactorStatus> {
      if (actor.userId === userId) {
        throw conflict('You cannot reset your own two-factor authentication; ask another admin');
      }
      await db.transaction(async (trx) => {
        const user = await trx('users').where({ id: userId }).forUpdate().first<{ token_version: number } | undefined>('token_version');
        if (!user) throw notFound('User');
        const row = await twoFactorDal.lock(trx, userId);
        if (!row) throw conflict('This account has no two-factor authentication to reset');
        const recoveryCodesLeft = await twoFactorDal.recoveryCodesLeft(trx, userId);
        await twoFactorDal.remove(trx, userId);
        const tokenVersion = await twoFactorDal.endSessions(trx, userId);
        await recordAudit(trx, {
          ...auditOf(actor, 'user', 'two_factor_reset', userId),
          before: { enabled: Boolean(row.enabled_at), recoveryCodesLeft, tokenVersion: user.token_version },
          after: { enabled: false, recoveryCodesLeft: 0, tokenVersion },
        });
      });
      await invalidations.publish('user', { userId });
      return { enabled: false, recoveryCodesLeft: 0, required: deps.requiredForAdmins };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
