import Router from '@koa/router';
import type { Knex } from 'knex';
import { adminDashboardEndpoints } from '@topup/common/api';
import { unauthorized } from '../../../lib/app-error';
import { typedRoutes } from '../../../lib/typed-routes';
import { currentUser, type AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import { QUEUE_DASHBOARD_PATH, QUEUE_SESSION_COOKIE, type QueueSessions } from './queue-session';

/**
 * `POST /admin/queues/session`: trades the admin's bearer token for the queue dashboard's cookie
 * (HttpOnly, SameSite=Strict, sent only to /api/admin/queues, 15 minutes), so the back office can
 * then open the dashboard as a page.
 */
export function createQueuesRouter(deps: { db: Knex; sessions: QueueSessions; guards: AuthGuards }) {
  const router = new Router<AppState>({ prefix: '/admin/queues' });

  typedRoutes(router, deps.guards).add(adminDashboardEndpoints.queueSession, async (ctx) => {
    const admin = currentUser(ctx);
    const account = await deps.db('users').where({ id: admin.id }).first<{ token_version: number } | undefined>('token_version');
    if (!account) throw unauthorized();
    const token = deps.sessions.sign({ userId: admin.id, tokenVersion: account.token_version });
    const expiresAt = new Date(Date.now() + deps.sessions.ttlSeconds * 1000);
    ctx.cookies.set(QUEUE_SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: QUEUE_DASHBOARD_PATH,
      maxAge: deps.sessions.ttlSeconds * 1000,
      // Over plain HTTP (a local store) a Secure cookie would never come back.
      secure: ctx.secure,
      overwrite: true,
    });
    ctx.set('Cache-Control', 'no-store');
    return { url: `${QUEUE_DASHBOARD_PATH}/`, expiresAt };
  });

  return router;
}
