import { pino, type Logger } from 'pino';
import { traceFields } from './lib/trace-context';

export type { Logger };

export interface LoggerOptions {
  /**
   * Adds the running job's request id and job id to every line (the workers, whose services log
   * through one logger for every job). The API leaves it off: its request logger carries the id already.
   */
  traced?: boolean;
}

/** Lines wait for at most this long before they are written (or until 4 KB of them are). */
export const LOG_FLUSH_MS = 250;

export function createLogger(level: string, name: string, options: LoggerOptions = {}): Logger {
  const pretty = process.stdout.isTTY && level !== 'silent';
  const settings = {
    name,
    level,
    redact: ['req.headers.authorization', 'password', '*.password', 'confirmPassword', 'token'],
    ...(options.traced ? { mixin: traceFields } : {}),
  };
  if (pretty) return pino({ ...settings, transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } });
  // Written in batches of 4 KB, without blocking, and at least every LOG_FLUSH_MS: under load an
  // access line per request would otherwise cost a write of its own nearly every turn of the event
  // loop, as much as the answer's own write. The buffer is written out on exit, a crash's included;
  // only a killed process (SIGKILL) loses its last lines.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let pending = false;
  setInterval(() => {
    if (!pending) return;
    pending = false;
    destination.flush();
  }, LOG_FLUSH_MS).unref();
  const notePending = (line: string) => {
    pending = true;
    return line;
  };
  return pino({ ...settings, hooks: { streamWrite: notePending } }, destination);
}
