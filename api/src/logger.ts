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
  return pino({
    name,
    level,
    redact: ['req.headers.authorization', 'password', '*.password', 'confirmPassword', 'token'],
    ...(options.traced ? { mixin: traceFields } : {}),
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } } : {}),
  });
}
