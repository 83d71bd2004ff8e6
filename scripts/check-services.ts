import { readdirSync } from 'node:fs';
import pg from 'pg';
import { connectRedis, parseRedisUrl } from '@topup/server-kit';

const TIMEOUT_MS = 3000;

/** SQLSTATE 3D000: the server answers, the database just does not exist yet (setup creates it). */
const DATABASE_MISSING = '3D000';

/**
 * Checks that Postgres answers at `databaseUrl`. Returns null when it does, else one line saying
 * what is wrong and what to do: the start commands print it instead of a stack trace.
 */
export async function checkPostgres(databaseUrl: string): Promise<string | null> {
  const where = hostAndPort(databaseUrl, 5432);
  if (!where) return 'DATABASE_URL is not a valid URL: expected postgres://user@host:5432/database';
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: TIMEOUT_MS });
  // A failure is reported through connect()'s rejection; without a listener it would also crash.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (err) {
    if (err instanceof pg.DatabaseError) {
      if (err.code === DATABASE_MISSING) return null;
      // The server answered but refused: bad password, too many connections, still starting, ...
      return `Postgres at ${where} refused the connection (${errorMessage(err)}): check DATABASE_URL`;
    }
    return `Postgres is not reachable at ${where}: start it (${postgresStartCommand()}, or docker compose up -d postgres) or set DATABASE_URL`;
  }
}

/** Checks that Redis answers PING at `redisUrl`; null when it does, else one line as checkPostgres. */
export async function checkRedis(redisUrl: string): Promise<string | null> {
  const setting = parseRedisUrl(redisUrl);
  const where =
    setting === null ? null : 'cluster' in setting ? setting.cluster.nodes.map(({ host, port }) => `${host}:${port}`).join(',') : hostAndPort(redisUrl, 6379);
  if (!where) return 'REDIS_URL is not a valid URL: expected redis://host:6379 (or redis-cluster://host:port,host:port)';
  // A cluster answers once its nodes are found and its slots read from one of them.
  const redis = connectRedis(redisUrl, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    if (/NOAUTH|WRONGPASS/.test(errorMessage(err))) {
      return `Redis at ${where} refused the connection (${errorMessage(err)}): check REDIS_URL`;
    }
    return `Redis is not reachable at ${where}: start it (redis-server --daemonize yes, or docker compose up -d redis) or set REDIS_URL`;
  } finally {
    redis.disconnect();
  }
}

/** host:port only: the URL itself may carry a password. */
function hostAndPort(url: string, defaultPort: number): string | null {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || defaultPort}`;
  } catch {
    return null;
  }
}

/** The Debian command for the local cluster, with its version filled in when there is exactly one. */
function postgresStartCommand(): string {
  let versions: string[] = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    // Not a Debian-style install: fall back to the placeholder.
  }
  return `pg_ctlcluster ${versions.length === 1 ? versions[0] : '<version>'} main start`;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
