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

export function createLogger(level: string, name: string, options: LoggerOptions = {}): Logger {
  const pretty = process.stdout.isTTY && level !== 'silent';
  const settings = {
    name,
    level,
    redact: ['req.headers.authorization', 'password', '*.password', 'confirmPassword', 'token'],
    ...(options.traced ? { mixin: traceFields } : {}),
  };
  if (pretty) return pino({ ...settings, transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } });
  // Written without blocking: lines logged while a write is under way go out together in the next
  // one, so an access line per request costs no write of its own under load. The buffer is written
  // out on exit, a crash's included; only a killed process (SIGKILL) loses its last lines.
  return pino(settings, pino.destination({ dest: 1, sync: false }));
}
