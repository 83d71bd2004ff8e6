import { ErrorCode } from '@topup/common';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
import type { SessionCache } from '../modules/auth/session-cache';
import type { TokenService } from '../modules/auth/token.service';
import type { AppContext, AppMiddleware, AuthenticatedSession, AuthenticatedUser } from '../types';

export interface AuthGuards {
  /** Sets ctx.state.user when a valid token is sent; anonymous requests pass through. */
  identify: AppMiddleware;
  /** Whether `identify` would let the request through: anonymous, or with a valid session. Answers nothing. */
  isAnonymousOrSignedIn(ctx: AppContext): Promise<boolean>;
  /** Whether the request's session is still valid now (not logged out, revoked or expired since it began): for answers that stay open. */
  stillSignedIn(ctx: AppContext): Promise<boolean>;
  requireUser: AppMiddleware;
  requireAdmin: AppMiddleware;
  /** Any valid session, one limited to two-factor enrolment included (to log out). */
  requireSession: AppMiddleware;
  /** An admin with a full session or one limited to enrolment: the two-factor enrolment routes only. */
  requireAdminEnrolment: AppMiddleware;
}

const SESSION_ENDED = 'Your session is invalid or has expired. Please log in again.';

export const twoFactorEnrolmentRequired = () =>
  new AppError(
    403,
    ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED,
    'Administrators must set up two-factor authentication before anything else: open the back office to do it',
  );

function bearerToken(header: string): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The token is checked by its signature, then against the account as it is now (role, token version,
 * the token's revocation) through the session cache: a demoted admin, a changed password or a logout
 * takes effect on the next request in every process, and a token is never trusted for more than who
 * signed it.
 */
export function createAuthGuards(deps: { tokens: TokenService; sessions: SessionCache }): AuthGuards {
  async function resolveSession(header: string): Promise<AuthenticatedSession> {
    const token = bearerToken(header);
    if (!token) throw unauthorized('Send the token as "Authorization: Bearer <token>"');
    const claims = deps.tokens.verify(token);
    const user = claims && (await deps.sessions.userOf(claims));
    if (!claims || !user) throw unauthorized(SESSION_ENDED);
    return { user, token: { jti: claims.jti, expiresAt: claims.expiresAt, remember: claims.remember, enrolment: claims.enrolment } };
  }

  async function sessionOf(ctx: AppContext): Promise<AuthenticatedSession> {
    ctx.state.session ??= await resolveSession(ctx.get('authorization'));
    return ctx.state.session;
  }

  const identify: AppMiddleware = async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header) {
      const session = await sessionOf(ctx);
      // An enrolment-only token opens no route by itself: only the guards that accept it look at it.
      if (!session.token.enrolment) ctx.state.user = session.user;
    }
    await next();
  };

  const isAnonymousOrSignedIn = async (ctx: AppContext): Promise<boolean> => {
    if (!ctx.get('authorization')) return true;
    try {
      await sessionOf(ctx);
      return true;
    } catch {
      return false;
    }
  };

  const stillSignedIn = (ctx: AppContext): Promise<boolean> =>
    resolveSession(ctx.get('authorization')).then(
      () => true,
      () => false,
    );

  const requireUser: AppMiddleware = async (ctx, next) => {
    const session = await sessionOf(ctx);
    if (session.token.enrolment) throw twoFactorEnrolmentRequired();
    ctx.state.user = session.user;
    await next();
  };

  const requireAdmin: AppMiddleware = async (ctx, next) => {
    const session = await sessionOf(ctx);
    if (session.user.role !== 'admin') throw forbidden('Administrator access required');
    if (session.token.enrolment) throw twoFactorEnrolmentRequired();
    ctx.state.user = session.user;
    await next();
  };

  const requireSession: AppMiddleware = async (ctx, next) => {
    await sessionOf(ctx);
    await next();
  };

  const requireAdminEnrolment: AppMiddleware = async (ctx, next) => {
    const session = await sessionOf(ctx);
    if (session.user.role !== 'admin') throw forbidden('Administrator access required');
    ctx.state.user = session.user;
    await next();
  };

  return { identify, isAnonymousOrSignedIn, stillSignedIn, requireUser, requireAdmin, requireSession, requireAdminEnrolment };
}

/** The session the guard in front of this handler authenticated. */
export function currentSession(ctx: AppContext): AuthenticatedSession {
  if (!ctx.state.session) throw unauthorized();
  return ctx.state.session;
}

/** The user the guard in front of this handler authenticated. */
export function currentUser(ctx: AppContext): AuthenticatedUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
