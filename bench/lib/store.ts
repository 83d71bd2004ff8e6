import { createServer } from 'node:net';
import { createDb, type Db } from '../../api/src/db';

/** What the benchmarks that drive a running store share: their tuning, and reaching the store and its database. */

/** A tuning value from the environment: a positive whole number, else `fallback`. */
export function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** Fails with what to do when no store answers at `baseUrl`. */
export async function assertStoreAnswers(baseUrl: string): Promise<void> {
  const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
  if (!health?.ok) throw new Error(`No store answers at ${baseUrl}: start it with \`npm start\` (or set BENCH_URL)`);
}

/** Runs `work` with a connection pool to the store's database, checked first and closed after. */
export async function withStoreDb<T>(databaseUrl: string, maxConnections: number, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb(databaseUrl, { min: 0, max: maxConnections });
  try {
    await db.raw('select 1').catch(() => {
      throw new Error(`Cannot reach the store's database at ${databaseUrl}: set BENCH_DATABASE_URL`);
    });
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A loopback port nothing listens on now, for a store a benchmark starts of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
