import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What ties work to the request that caused it: the API request being answered, or the job being run
 * (whose request id came with its outbox row). An outbox row written meanwhile records the request id,
 * so a job's follow-up jobs keep pointing at the same request.
 */
export interface TraceContext {
  requestId?: string;
  jobId?: string;
}

const traceStorage = new AsyncLocalStorage<TraceContext>();

/** Runs `work` (and everything it awaits) within `context`. */
export function runTraced<T>(context: TraceContext, work: () => T): T {
  return traceStorage.run(context, work);
}

/** The request id of the request or job the caller is running for, if any. */
export function currentRequestId(): string | undefined {
  return traceStorage.getStore()?.requestId;
}

/** The fields of the current trace context, for a logger's mixin: every line logged within a job carries them. */
export function traceFields(): TraceContext {
  return traceStorage.getStore() ?? {};
}
