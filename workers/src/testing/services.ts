import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase, migrateLatest } from '@topup/migrations';
import { createDb, type Db } from '@topup/api';
import '../../../api/src/testing/provided-context';

export interface WorkersTestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A migrated database of the calling test file's own, named so the run's teardown drops leftovers. */
export async function createWorkersTestDatabase(label: string): Promise<WorkersTestDatabase> {
  const url = new URL(inject('postgresServerUrl'));
  url.pathname = `/topup_t_${inject('runId')}_${label}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl);
  await migrateLatest(db);
  return {
    url: databaseUrl,
    db,
    async drop() {
      await db.destroy();
      await dropDatabase(databaseUrl);
    },
  };
}

/** A Redis key prefix of the calling test file's own. */
export function testRedisPrefix(label: string): string {
  return `t:${inject('runId')}:${label}:${randomBytes(3).toString('hex')}`;
}

export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
