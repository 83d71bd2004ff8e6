import { say } from './cli';
import { supervise, type ServiceSpec } from './supervise';

/**
 * Runs the services under the supervisor (a crashed one starts again) until SIGINT or SIGTERM, which
 * it passes on to each; this process exits once they have all ended. Returns whether a stop has begun.
 */
export function runUntilSignal(services: ServiceSpec[], options: { cwd: string; env?: NodeJS.ProcessEnv }): () => boolean {
  const supervisor = supervise({ services, ...options });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      supervisor.stop(signal);
    });
  }
  // Never leave a service behind, whatever ends this script.
  process.on('exit', () => supervisor.stop('SIGTERM'));
  void supervisor.stopped.then((code) => process.exit(code));
  return () => stopping;
}

const WAIT_MS = 60_000;

/**
 * Prints `line` once every address answers 2xx, so it comes after the services' start-up logs; or,
 * after a minute, which of them did not.
 */
export async function announceWhenAnswering(addresses: string[], line: string, stopping: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let silent = addresses;
  while (!stopping() && Date.now() < deadline) {
    const answers = await Promise.all(silent.map((address) => fetch(address).then((response) => response.ok, () => false)));
    silent = silent.filter((_, index) => !answers[index]);
    if (silent.length === 0) {
      say(line);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping()) console.error(`${silent.join(' and ')} did not answer within ${WAIT_MS / 1000} s; see the log above`);
}
