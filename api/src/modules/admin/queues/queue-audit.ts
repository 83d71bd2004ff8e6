import { appRoutes } from '@bull-board/api/dist/routes.js';
import type { Knex } from 'knex';
import { recordAudit } from '../../../lib/audit';
import type { AppContext } from '../../../types';
import { QUEUE_DASHBOARD_PATH } from './queue-session';

/** What one change sent to the queue dashboard asks for, as the audit log records it. */
export interface QueueChange {
  /** `job` for one job's call, `queue` for a queue's (or every queue's, with no queue name). */
  entity: 'job' | 'queue';
  /** bull-board's path words after the parameters: `retry`, `clean`, `update_data`, `pause`, `add`, `empty` … */
  verb: string;
  queue: string | null;
  jobId: string | null;
  /** A queue-wide retry or clean names the job status it works on (`failed`, `completed` …). */
  status: string | null;
}

interface BoardRoute {
  method: string;
  pattern: RegExp;
  params: string[];
  verb: string;
}

/** bull-board's own list of its calls that change something (its routes.js), so a new call is named without a change here. */
const listOf = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

const CHANGE_ROUTES: BoardRoute[] = appRoutes.api
  .flatMap((route) => listOf(route.method).flatMap((method) => listOf(route.route).map((path) => ({ method, path }))))
  .filter(({ method }) => method !== 'get')
  .map(({ method, path }) => {
    const segments = path.split('/').filter(Boolean).slice(path.startsWith('/api/queues') ? 2 : 1);
    return {
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/:[A-Za-z]+/g, '([^/]+)')}$`),
      params: segments.filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1)),
      verb: segments
        .filter((segment) => !segment.startsWith(':'))
        .join('_')
        .replaceAll('-', '_'),
    };
  });

/** The change a request to bull-board's JSON API asks for; a path bull-board does not answer is named by its path. */
export function queueChangeOf(method: string, boardPath: string): QueueChange {
  for (const route of CHANGE_ROUTES) {
    const match = route.method === method ? route.pattern.exec(boardPath) : null;
    if (!match) continue;
    const values = Object.fromEntries(route.params.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    return {
      entity: values.jobId ? 'job' : 'queue',
      verb: route.verb,
      queue: values.queueName ?? null,
      jobId: values.jobId ?? null,
      status: values.queueStatus ?? null,
    };
  }
  return { entity: 'queue', verb: 'request', queue: null, jobId: null, status: null };
}

/**
 * Records a change an admin sends to the queue dashboard (retry, clean, pause, edit a job's data …) in
 * the audit log before bull-board carries it out, so it is on record even when it then fails.
 */
export function createQueueChangeRecorder(deps: { db: Knex }) {
  return async (ctx: AppContext, actorId: number): Promise<void> => {
    const change = queueChangeOf(ctx.method, ctx.path.slice(QUEUE_DASHBOARD_PATH.length));
    const body = (ctx.request as { body?: unknown }).body;
    const hasBody = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
    await deps.db.transaction((trx) =>
      recordAudit(trx, {
        actorId,
        requestId: ctx.state.requestId,
        action: `${change.entity}.${change.verb}`,
        entity: change.entity,
        entityId: change.jobId ? `${change.queue}:${change.jobId}` : change.queue,
        before: null,
        after: {
          queue: change.queue,
          jobId: change.jobId,
          status: change.status,
          method: ctx.method,
          path: ctx.path,
          ...(hasBody ? { body } : {}),
        },
      }),
    );
  };
}

export type QueueChangeRecorder = ReturnType<typeof createQueueChangeRecorder>;
