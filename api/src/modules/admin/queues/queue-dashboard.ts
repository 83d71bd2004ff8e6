import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBullBoard } from '@bull-board/api';
import type { UIConfig } from '@bull-board/api/typings/app';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Queue } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import type { QueueName } from '@topup/common';
import type Koa from 'koa';
import type { UserRole } from '@topup/common';
import { AppError, forbidden, unauthorized } from '../../../lib/app-error';
import { openQueues } from '../../../lib/job-queues';
import type { Logger } from '../../../logger';
import { apiPackageDir } from '../../../package-dir';
import type { AppContext, AppMiddleware, AppState } from '../../../types';
import type { QueueChangeRecorder } from './queue-audit';
import { QUEUE_DASHBOARD_PATH, QUEUE_SESSION_COOKIE, type QueueSessions } from './queue-session';

const SESSION_PATH = `${QUEUE_DASHBOARD_PATH}/session`;
/** bull-board's own JSON calls; the rest is its page and static files. */
const BOARD_API_PATH = `${QUEUE_DASHBOARD_PATH}/api/`;

const uiBasePath = path.dirname(createRequire(import.meta.url).resolve('@bull-board/ui/package.json'));

/** The back office's dark palette (admin/src/layout/themes.ts), for both of bull-board's schemes. */
const BACK_OFFICE_COLOURS = {
  background: '#080a13',
  foreground: '#e6e8f2',
  card: '#131829',
  'card-foreground': '#e6e8f2',
  popover: '#131829',
  'popover-foreground': '#e6e8f2',
  primary: '#8b6dff',
  'primary-foreground': '#ffffff',
  secondary: '#1c2238',
  'secondary-foreground': '#e6e8f2',
  muted: '#1c2238',
  'muted-foreground': '#9aa0b8',
  accent: '#22d3ee',
  'accent-foreground': '#06121a',
  border: '#262d45',
  input: '#262d45',
  ring: '#8b6dff',
  sidebar: '#0d1120',
  'sidebar-foreground': '#e6e8f2',
  'sidebar-primary': '#8b6dff',
  'sidebar-primary-foreground': '#ffffff',
  'sidebar-accent': '#1c2238',
  'sidebar-accent-foreground': '#e6e8f2',
  'sidebar-border': '#262d45',
} as const;

const UI_CONFIG: UIConfig = {
  boardTitle: 'Top-up store queues',
  boardLogo: { path: '/images/favicon.svg', width: 28, height: 28 },
  favIcon: { default: '/images/favicon.svg', alternative: '/images/favicon.svg' },
  miscLinks: [{ text: 'Back office', url: '/admin/' }],
  hideDocsLink: true,
  // Connection details of the store's Redis are no operator's business.
  hideRedisDetails: true,
  theme: { light: BACK_OFFICE_COLOURS, dark: BACK_OFFICE_COLOURS },
};

const repoRoot = path.dirname(apiPackageDir);

/** A failed job's stack trace with the server's directories left out: paths from the project's root. */
export function withoutServerPaths(line: string): string {
  return line.replaceAll(pathToFileURL(`${repoRoot}${path.sep}`).href, '').replaceAll(`${repoRoot}${path.sep}`, '');
}

/** bull-board's view of a queue, showing failed jobs' stack traces without the server's file paths. */
class StoreQueueAdapter extends BullMQAdapter {
  override async getJobs(...args: Parameters<BullMQAdapter['getJobs']>) {
    return (await super.getJobs(...args)).map(trimStack);
  }

  override async getJob(id: string) {
    const job = await super.getJob(id);
    return job && trimStack(job);
  }
}

function trimStack<T extends { stacktrace?: string[] | null }>(job: T): T {
  if (job.stacktrace) job.stacktrace = job.stacktrace.map(withoutServerPaths);
  return job;
}

/**
 * The store's queues as the API looks at them (dashboard figures, the queue dashboard), on the
 * API's own Redis connection, which fails fast while Redis is away instead of holding a request.
 */
export function openObservedQueues(redis: RedisConnection, prefix: string, logger: Logger): Record<QueueName, Queue> {
  const queues = openQueues(redis, prefix);
  for (const [name, queue] of Object.entries(queues)) {
    queue.on('error', (err) => logger.debug({ err, queue: name }, 'Queue error'));
  }
  return queues;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The address an Origin or Referer header names; undefined for one that is not a URL (such as `null`). */
function urlOf(header: string): URL | undefined {
  try {
    return new URL(header);
  } catch {
    return undefined;
  }
}

/**
 * Refuses a change to the queues (pause, retry, clean ...) sent from another site. The session cookie
 * is SameSite=Strict already; this checks the browser's own statement of where the request comes
 * from, which every browser sends with a POST, PUT, PATCH or DELETE. A request naming neither header
 * is no browser's: it passes only when it authenticates with a bearer token (`byBearerToken`), which
 * no other site can make a browser send.
 */
function refuseCrossSiteChange(ctx: AppContext, storeOrigin: string | undefined, byBearerToken: boolean): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const source = ctx.get('origin') || ctx.get('referer');
  if (!source && byBearerToken) return;
  const url = urlOf(source);
  if (url && (url.origin === storeOrigin || url.host === ctx.host)) return;
  throw forbidden('Changes to the queues must come from the queue dashboard of this store');
}

/** The dashboard paths bull-board serves (the session call belongs to the API router). */
function isBoardPath(requestPath: string): boolean {
  if (requestPath === SESSION_PATH) return false;
  return requestPath === QUEUE_DASHBOARD_PATH || requestPath.startsWith(`${QUEUE_DASHBOARD_PATH}/`);
}

/**
 * The queue dashboard (bull-board) for every queue, at /api/admin/queues, admins only. Who may see
 * it is decided here, before bull-board runs: a bearer admin token (from the API's identify guard)
 * or the session cookie POST /api/admin/queues/session sets. The account's role and token version
 * are read on every request, so a demoted admin or a changed password ends access at once.
 * bull-board's JSON calls fail in the API's error format; its page and files with a plain 401/403.
 */
export function createQueueDashboard(deps: {
  db: Knex;
  queues: Queue[];
  sessions: QueueSessions;
  /** The store's public address (config.publicUrl); changes may come from its origin or the request's own host. */
  publicUrl: string;
  /** Puts a change (retry, clean, pause …) on the audit log before bull-board runs it. */
  recordChange: QueueChangeRecorder;
}): AppMiddleware {
  const storeOrigin = urlOf(deps.publicUrl)?.origin;
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: deps.queues.map((queue) => new StoreQueueAdapter(queue)),
    serverAdapter,
    options: { uiBasePath, uiConfig: UI_CONFIG },
  });
  const board = serverAdapter.registerPlugin() as unknown as Koa.Middleware<AppState>;

  async function sessionUser(ctx: AppContext) {
    const token = ctx.cookies.get(QUEUE_SESSION_COOKIE);
    if (!token) throw unauthorized('Open the queue dashboard from the back office');
    const claims = deps.sessions.verify(token);
    if (!claims) throw unauthorized('Your queue dashboard session has expired; open it again from the back office');
    const user = await deps.db('users')
      .where({ id: claims.userId })
      .first<{ role: UserRole; token_version: number } | undefined>('role', 'token_version');
    if (!user || user.token_version !== claims.tokenVersion) {
      throw unauthorized('Your queue dashboard session has expired; open it again from the back office');
    }
    return { id: claims.userId, role: user.role };
  }

  /** The admin's id; refuses anyone else. */
  async function authorise(ctx: AppContext): Promise<number> {
    const { id, role } = ctx.state.user ?? (await sessionUser(ctx));
    if (role !== 'admin') throw forbidden('Administrator access required');
    return id;
  }

  return async (ctx, next) => {
    // The session call takes the bearer token only (its router checks it): no cookie to forge.
    if (ctx.path === SESSION_PATH) {
      refuseCrossSiteChange(ctx, storeOrigin, true);
      return next();
    }
    if (!isBoardPath(ctx.path)) return next();
    let adminId: number;
    try {
      adminId = await authorise(ctx);
      refuseCrossSiteChange(ctx, storeOrigin, Boolean(ctx.state.user));
    } catch (err) {
      if (!(err instanceof AppError) || ctx.path.startsWith(BOARD_API_PATH)) throw err;
      ctx.status = err.status;
      ctx.type = 'text/plain';
      ctx.body = err.message;
      return;
    }
    if (!SAFE_METHODS.has(ctx.method)) await deps.recordChange(ctx, adminId);
    // Never cached: the board is live and behind a session.
    ctx.set('Cache-Control', 'no-store');
    await board(ctx, next);
  };
}
