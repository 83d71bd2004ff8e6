import argon2 from 'argon2';
import type { Knex } from 'knex';
import { ErrorCode, fromMinor, nicknameError, normaliseEmail, PASSWORD_MIN_LENGTH } from '@topup/common';
import type { AuthSession, ContentLanguage, LoginBody, Profile, RegisterBody, SignInAnswer } from '@topup/common/api';
import { AppError, notFound, validationFailed } from '../../lib/app-error';
import type { SignInUser } from '../two-factor/two-factor.service';
import type { RowOf, User } from '../../models';
import { claimEmail } from '../mail/email-claim';
import { usersDal } from '../users/users.dal';
import type { PasswordHasher } from './password-hasher';
import type { TokenService } from './token.service';

const UNIQUE_VIOLATION = '23505';

/** Each failed rule is reported with the message key the storefront translates. */
export function registrationErrors(body: RegisterBody): Array<{ field: string; message: string }> {
  const errors: Array<{ field: string; message: string }> = [];
  const nickname = nicknameError(body.nickname);
  if (nickname) errors.push({ field: 'nickname', message: nickname });
  errors.push(...passwordErrors(body.password, 'password'));
  if (body.confirmPassword !== body.password) {
    errors.push({ field: 'confirmPassword', message: 'passwords_dont_match' });
  }
  if (registrationEmail(body) === null) errors.push({ field: 'email', message: 'email_invalid' });
  return errors;
}

/** The address given at registration, normalised: undefined when none was given, null when it is not an address. */
function registrationEmail(body: RegisterBody): string | null | undefined {
  const raw = body.email?.trim() ?? '';
  return raw === '' ? undefined : normaliseEmail(raw);
}

/** A new password's rules (registration's, and a changed password's): at least 8 characters with a digit. */
export function passwordErrors(password: string, field: string): Array<{ field: string; message: string }> {
  if (password.length < PASSWORD_MIN_LENGTH) return [{ field, message: 'password_too_short' }];
  if (!/\d/.test(password)) return [{ field, message: 'password_no_number' }];
  return [];
}

/**
 * argon2id with OWASP's single-lane profile (19 MiB, 2 passes, 1 lane): one hash keeps one core busy
 * for a fraction of what the library's default (64 MiB, 3 passes, 4 lanes) takes, so a login flood
 * cannot take every core from the store. Hashes made with other parameters still verify (they are in
 * the hash).
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export function createAuthService(deps: {
  db: Knex;
  tokens: TokenService;
  passwords: PasswordHasher;
  /** What a correct password opens: a session, or two-factor's second step (two-factor service). */
  signIn: (user: SignInUser, options: { remember: boolean }) => Promise<SignInAnswer>;
}) {
  const { db, tokens, passwords, signIn } = deps;
  // Verified against when the nickname is unknown, so both failures take the same time.
  const decoyHash = hashPassword('decoy-password-1');

  const sessionFor = (user: RowOf<User>): AuthSession => ({
    token: tokens.sign({ userId: user.id, tokenVersion: user.token_version }),
    nickname: user.nickname,
    userId: user.id,
  });

  return {
    /** `language`: the storefront's when registering, in which the account's mails are written. */
    async register(body: RegisterBody, language: ContentLanguage): Promise<AuthSession> {
      const errors = registrationErrors(body);
      if (errors.length > 0) throw validationFailed('Please correct the highlighted fields', errors);
      const passwordHash = await passwords.hash(body.password);
      const email = registrationEmail(body);
      try {
        const user = await db.transaction(async (trx) => {
          const created = await usersDal.create(trx, { nickname: body.nickname.trim(), passwordHash, language });
          if (email) await claimEmail(trx, { id: created.id, email: null, email_verified_at: null }, email, language);
          return created;
        });
        return sessionFor(user);
      } catch (err) {
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
          throw new AppError(409, ErrorCode.NICKNAME_TAKEN, 'This nickname is already taken', {
            field: 'nickname',
          });
        }
        throw err;
      }
    },

    /**
     * A known device (a valid device cookie for the nickname) is preferred by the password gate. The
     * storefront's `language` becomes the account's, in which its mails are written.
     */
    async login(body: LoginBody, from: { knownDevice: boolean; language: ContentLanguage }): Promise<SignInAnswer> {
      const user = await usersDal.findByNickname(db, body.nickname.trim());
      const valid = await passwords.verify(user?.password_hash ?? (await decoyHash), body.password, from.knownDevice);
      if (!user || !valid) {
        throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Invalid username or password');
      }
      if (user.language !== from.language) await db('users').where({ id: user.id }).update({ language: from.language });
      return signIn(user, { remember: body.remember === true });
    },

    async profile(userId: number): Promise<Profile> {
      const user = await usersDal.findById(db, userId);
      if (!user) throw notFound('User');
      const balances = await usersDal.balancesOf(db, userId);
      return {
        id: user.id,
        nickname: user.nickname,
        role: user.role,
        balanceUsd: fromMinor(balances.usd),
        balanceRub: fromMinor(balances.rub),
        createdAt: user.created_at.toISOString(),
        email: user.email,
        emailVerified: user.email_verified_at !== null,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
