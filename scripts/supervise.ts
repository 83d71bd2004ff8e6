import { spawn, type ChildProcess } from 'node:child_process';
import { countCrash, DEFAULT_RESTART_POLICY, SAME_SIGNAL_WINDOW_MS, type RestartPolicy } from '@topup/server-kit';

/** One process `npm start` keeps running. */
export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
}

export { DEFAULT_RESTART_POLICY, restartDelay, SAME_SIGNAL_WINDOW_MS, type RestartPolicy } from '@topup/server-kit';

export interface SuperviseOptions {
  services: ServiceSpec[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  policy?: RestartPolicy;
  /** Where lines for the operator go (a stopped process, a restart). */
  report?: (line: string) => void;
  /** Receives the services' output instead of this process's stdout and stderr (tests read it). */
  onOutput?: (text: string) => void;
}

export interface Supervisor {
  /**
   * Passes `signal` to every running process and never restarts one again. Called again later than
   * SAME_SIGNAL_WINDOW_MS (a second Ctrl+C), it passes the signal on again, which the services take
   * as "stop now"; sooner, it is the same signal delivered twice and is ignored.
   */
  stop(signal: NodeJS.Signals): void;
  /** Resolves once every process has ended after stop(): 0 when all ended cleanly, else 1. */
  readonly stopped: Promise<number>;
  /** How many times each service has been started so far. */
  starts(name: string): number;
}

interface Slot {
  spec: ServiceSpec;
  child: ChildProcess | null;
  startedAt: number;
  starts: number;
  /** Crashes in a row, each followed by a longer wait. */
  crashes: number;
  restartTimer: NodeJS.Timeout | null;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => signal ?? `exit code ${code}`;

/**
 * Runs the services and keeps them running: a process that stops on its own is started again after a
 * back-off, so one crash does not take the whole store down; stop() ends them all for good.
 */
export function supervise(options: SuperviseOptions): Supervisor {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const report = options.report ?? ((line: string) => console.error(line));
  const slots: Slot[] = options.services.map((spec) => ({
    spec,
    child: null,
    startedAt: 0,
    starts: 0,
    crashes: 0,
    restartTimer: null,
  }));
  let stopping = false;
  let lastStopAt = -Infinity;
  let exitCode = 0;
  let resolveStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => (resolveStopped = resolve));

  const settleIfAllDown = () => {
    if (stopping && slots.every((slot) => slot.child === null)) resolveStopped(exitCode);
  };

  function start(slot: Slot): void {
    slot.restartTimer = null;
    slot.startedAt = Date.now();
    slot.starts += 1;
    // Own process groups: a Ctrl+C in the terminal reaches only the supervisor, which passes it on.
    const child = spawn(slot.spec.command, slot.spec.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit'],
      detached: true,
    });
    slot.child = child;
    const onOutput = options.onOutput;
    if (onOutput) for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
    // Handled once: a process that could not be spawned may report an error and no exit, or both.
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      if (slot.child === child) onExit(slot, code, signal);
    };
    child.on('error', (err) => {
      report(`The ${slot.spec.name} process failed: ${err.message}`);
      if (child.pid === undefined) ended(null, null);
    });
    child.on('exit', ended);
  }

  function onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    slot.child = null;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      settleIfAllDown();
      return;
    }
    const delay = countCrash(slot, policy);
    report(`The ${slot.spec.name} process stopped (${describeExit(code, signal)}); restarting it in ${delay / 1000} s`);
    slot.restartTimer = setTimeout(() => start(slot), delay);
  }

  for (const slot of slots) start(slot);

  return {
    stopped,
    starts: (name) => slots.find((slot) => slot.spec.name === name)?.starts ?? 0,
    stop(signal) {
      const now = Date.now();
      if (now - lastStopAt < SAME_SIGNAL_WINDOW_MS) return;
      lastStopAt = now;
      stopping = true;
      for (const slot of slots) {
        if (slot.restartTimer) clearTimeout(slot.restartTimer);
        slot.restartTimer = null;
        if (slot.child && slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill(signal);
      }
      settleIfAllDown();
    },
  };
}
