import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name: string): Logger {
  const pretty = process.stdout.isTTY && level !== 'silent';
  return pino({
    name,
    level,
    redact: ['req.headers.authorization', 'password', '*.password', 'confirmPassword', 'token'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } } : {}),
  });
}
