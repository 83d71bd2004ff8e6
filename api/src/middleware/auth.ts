import type { Knex } from 'knex';
import type { UserRole } from '@topup/common';
import { forbidden, unauthorized } from '../lib/app-error';
import type { TokenService } from '../modules/auth/token.service';
import type { AppContext, AppMiddleware, AuthenticatedUser } from '../types';

export interface AuthGuards {
  /** Sets ctx.state.user when a valid token is sent; anonymous requests pass through. */
  identify: AppMiddleware;
  requireUser: AppMiddleware;
  requireAdmin: AppMiddleware;
}

function bearerToken(header: string): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The role and the token version are read from the database on every request, so a demoted admin or
 * a changed password takes effect at once: a token is never trusted for more than who signed it.
 */
export function createAuthGuards(deps: { db: Knex; tokens: TokenService }): AuthGuards {
  async function resolveUser(header: string): Promise<AuthenticatedUser> {
    const token = bearerToken(header);
    if (!token) throw unauthorized('Send the token as "Authorization: Bearer <token>"');
    const claims = await deps.tokens.verify(token);
    if (!claims) throw unauthorized('Your session is invalid or has expired. Please log in again.');
    const row = await deps.db('users')
      .where({ id: claims.userId })
      .first<{ id: number; nickname: string; role: UserRole; token_version: number } | undefined>(
        'id',
        'nickname',
        'role',
        'token_version',
      );
    if (!row || row.token_version !== claims.tokenVersion) {
      throw unauthorized('Your session is invalid or has expired. Please log in again.');
    }
    return { id: row.id, nickname: row.nickname, role: row.role };
  }

  const identify: AppMiddleware = async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header) ctx.state.user = await resolveUser(header);
    await next();
  };

  const requireUser: AppMiddleware = async (ctx, next) => {
    ctx.state.user ??= await resolveUser(ctx.get('authorization'));
    await next();
  };

  const requireAdmin: AppMiddleware = async (ctx, next) => {
    ctx.state.user ??= await resolveUser(ctx.get('authorization'));
    if (ctx.state.user.role !== 'admin') throw forbidden('Administrator access required');
    await next();
  };

  return { identify, requireUser, requireAdmin };
}

/** The user the guard in front of this handler authenticated. */
export function currentUser(ctx: AppContext): AuthenticatedUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
