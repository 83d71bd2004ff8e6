import cluster, { type Worker } from 'node:cluster';
import { countCrash, DEFAULT_RESTART_POLICY, SAME_SIGNAL_WINDOW_MS, type RestartPolicy } from '@topup/server-kit';
import { ErrorCode } from '@topup/common';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { AppError } from './lib/app-error';
import type { MetricsJson } from './lib/metrics';
import type { Logger } from './logger';

/**
 * API_PROCESSES > 1 (docs/architecture.md, "Processes"): the API's entry is a node:cluster primary
 * that forks that many API processes, which share PORT. The primary answers no request: it starts a
 * crashed process again after a back-off, drains them all on one SIGTERM, and adds up their metrics
 * for a scrape, which any of them may receive.
 */

/** The messages the primary and its API processes exchange over the cluster's IPC channel. */
type ClusterMessage =
  /** A process asks for the machine's API metrics, to answer a scrape. */
  | { topup: 'metrics:request'; id: number }
  /** The primary's answer: every process's metrics added up, or null when it could not collect them. */
  | { topup: 'metrics:machine'; id: number; metrics: MetricsJson | null }
  /** The primary asks a process for its own metrics. */
  | { topup: 'metrics:collect'; id: number }
  | { topup: 'metrics:collected'; id: number; metrics: MetricsJson }
  /** A process refused to start (a production setting): starting it again would only refuse again. */
  | { topup: 'refused'; message: string };

const isClusterMessage = (message: unknown): message is ClusterMessage =>
  typeof message === 'object' && message !== null && typeof (message as { topup?: unknown }).topup === 'string';

/** How long the primary waits for one process's metrics; one that is still starting is left out. */
const COLLECT_TIMEOUT_MS = 2000;
/** How long a scraped process waits for the primary's sum. */
const MACHINE_METRICS_TIMEOUT_MS = 5000;

interface Slot {
  worker: Worker | null;
  startedAt: number;
  /** Crashes in a row, each followed by a longer wait. */
  crashes: number;
  restartTimer: NodeJS.Timeout | null;
}

/**
 * Runs the primary: forks `processes` API processes and keeps them running until SIGTERM or SIGINT,
 * which it passes on to each as SIGTERM (they drain); it exits once they have all ended, 0 when every
 * one ended cleanly. A second signal later than SAME_SIGNAL_WINDOW_MS is passed on again, which the
 * processes take as "stop now".
 */
export function runApiPrimary(options: { processes: number; logger: Logger; policy?: RestartPolicy }): void {
  const { logger } = options;
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const slots: Slot[] = Array.from({ length: options.processes }, () => ({ worker: null, startedAt: 0, crashes: 0, restartTimer: null }));
  let stopping = false;
  let lastStopAt = -Infinity;
  let exitCode = 0;

  const exitIfAllDown = () => {
    if (stopping && slots.every((slot) => slot.worker === null)) process.exit(exitCode);
  };

  function start(slot: Slot): void {
    slot.restartTimer = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    worker.on('exit', (code, signal) => {
      slot.worker = null;
      if (!stopping) return restartLater(slot, `pid ${worker.process.pid}, ${signal || `exit code ${code}`}`);
      // Ended by the SIGTERM passed on before it could listen for it (it was still loading): nothing was in flight.
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      exitIfAllDown();
    });
  }

  function restartLater(slot: Slot, ended: string): void {
    const delay = countCrash(slot, policy);
    logger.error(`An API process stopped (${ended}); starting another in ${delay / 1000} s`);
    slot.restartTimer = setTimeout(() => start(slot), delay);
  }

  function stop(signal: NodeJS.Signals): void {
    const now = Date.now();
    if (now - lastStopAt < SAME_SIGNAL_WINDOW_MS) return;
    lastStopAt = now;
    if (!stopping) logger.info({ signal }, 'shutting down the API processes');
    stopping = true;
    for (const slot of slots) {
      if (slot.restartTimer) clearTimeout(slot.restartTimer);
      slot.restartTimer = null;
      slot.worker?.process.kill('SIGTERM');
    }
    exitIfAllDown();
  }

  const machineMetrics = createMetricsCollector(() => slots.flatMap((slot) => (slot.worker?.isConnected() ? [slot.worker] : [])));
  cluster.on('message', (worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.topup === 'metrics:request') {
      const { id } = message;
      void machineMetrics.sum().then(
        (metrics) => send(worker, { topup: 'metrics:machine', id, metrics }),
        (err: unknown) => {
          logger.warn({ err: (err as Error).message }, 'Could not add up the API processes metrics');
          send(worker, { topup: 'metrics:machine', id, metrics: null });
        },
      );
    } else if (message.topup === 'metrics:collected') machineMetrics.received(worker, message.id, message.metrics);
    else if (message.topup === 'refused' && !stopping) {
      // Plain stderr, as a refusal of the API itself is (api/src/server.ts).
      console.error(message.message);
      exitCode = 1;
      stop('SIGTERM');
    }
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (const slot of slots) start(slot);
}

function send(worker: Worker, message: ClusterMessage): void {
  // A process that has just exited cannot be told anything; it needs nothing either.
  if (worker.isConnected()) worker.send(message);
}

/**
 * The primary's side of a scrape: asks every live API process for its metrics and adds them up with
 * prom-client's AggregatorRegistry (counters and histograms summed, each gauge as its aggregator says:
 * summed unless declared otherwise). A process that does not answer in time is left out.
 */
function createMetricsCollector(liveWorkers: () => Worker[]) {
  let nextId = 0;
  const pending = new Map<string, (metrics: MetricsJson) => void>();
  const keyOf = (worker: Worker, id: number) => `${worker.id}:${id}`;

  function collectFrom(worker: Worker): Promise<MetricsJson | null> {
    const id = (nextId += 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(keyOf(worker, id));
        resolve(null);
      }, COLLECT_TIMEOUT_MS);
      pending.set(keyOf(worker, id), (metrics) => {
        clearTimeout(timer);
        pending.delete(keyOf(worker, id));
        resolve(metrics);
      });
      send(worker, { topup: 'metrics:collect', id });
    });
  }

  return {
    async sum(): Promise<MetricsJson> {
      const collected = await Promise.all(liveWorkers().map(collectFrom));
      const answered = collected.filter((metrics): metrics is MetricsJson => metrics !== null);
      return (await AggregatorRegistry.aggregate(answered).getMetricsAsJSON()) as MetricsJson;
    },
    received(worker: Worker, id: number, metrics: MetricsJson): void {
      pending.get(keyOf(worker, id))?.(metrics);
    },
  };
}

/**
 * An API process's metrics for a scrape: alone, its registry's; under the primary, the machine's (every
 * API process's, added up by the primary), and it answers the primary's requests for its own.
 */
export function scrapedApiMetrics(registry: Registry): () => Promise<MetricsJson> {
  if (!cluster.isWorker) return async () => (await registry.getMetricsAsJSON()) as MetricsJson;
  let nextId = 0;
  const waiting = new Map<number, (metrics: MetricsJson | null) => void>();
  process.on('message', (message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.topup === 'metrics:collect') {
      const { id } = message;
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ topup: 'metrics:collected', id, metrics: metrics as MetricsJson }));
    } else if (message.topup === 'metrics:machine') waiting.get(message.id)?.(message.metrics);
  });
  return () => {
    const id = (nextId += 1);
    return new Promise<MetricsJson>((resolve, reject) => {
      const refuse = () => reject(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, "The API processes' metrics could not be collected"));
      const timer = setTimeout(() => {
        waiting.delete(id);
        refuse();
      }, MACHINE_METRICS_TIMEOUT_MS);
      waiting.set(id, (metrics) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (metrics) resolve(metrics);
        else refuse();
      });
      process.send?.({ topup: 'metrics:request', id } satisfies ClusterMessage);
    });
  };
}

/** Tells the primary that this process refused to start, so it stops rather than start it again and again. */
export function reportRefusalToPrimary(message: string): Promise<void> {
  if (!process.send) return Promise.resolve();
  return new Promise((resolve) => process.send!({ topup: 'refused', message } satisfies ClusterMessage, undefined, {}, () => resolve()));
}
