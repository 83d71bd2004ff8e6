import net from 'node:net';
import { Redis } from 'ioredis';
import { deleteRedisKeys as deleteKeys } from '@topup/api/testing';

export { createTestDatabase, testRedisPrefix, type TestDatabase } from '@topup/api/testing';

/** Removes every key under `prefix`, on a connection of its own (the tests' queues may be closed by then). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    await deleteKeys(redis, prefix);
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
