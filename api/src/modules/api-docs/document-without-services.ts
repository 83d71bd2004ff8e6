import type { AddressInfo } from 'node:net';
import { createInvalidationBus } from '@topup/server-kit';
import { Redis } from 'ioredis';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { createDb } from '../../db';
import { createLogger } from '../../logger';

/**
 * A Unix socket in a folder that does not exist: a connection attempt fails at once, and never reaches a
 * Postgres or Redis that happens to listen on some port (the unit tier's guard refuses those).
 */
const NOWHERE_SOCKET_DIR = '/nonexistent-topup-openapi';

/**
 * The document `GET /api/openapi.json` serves, asked of an app composed as the server composes it but
 * never connected: nothing in building the routes or the document touches Postgres or Redis (the pool
 * opens on its first query, the Redis connections on their first command), so `npm run openapi` and
 * the document's lint need neither running. Both point at a missing Unix socket to keep it so.
 */
export async function openApiDocumentWithoutServices(): Promise<Record<string, unknown>> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `postgres://postgres@localhost/topup?host=${NOWHERE_SOCKET_DIR}`,
  });
  // Connections the app duplicates from this one inherit its socket path.
  const redis = new Redis({ path: `${NOWHERE_SOCKET_DIR}/redis.sock`, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  const db = createDb(config.databaseUrl, { min: 0, max: 1 });
  const invalidations = createInvalidationBus({ redis, prefix: config.redisPrefix, onError: () => undefined });
  const app = createApp({ config, db, redis, invalidations, logger: createLogger('silent', 'openapi') });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.destroy();
    await invalidations.close();
    redis.disconnect();
  }
}
