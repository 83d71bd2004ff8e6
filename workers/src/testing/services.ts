import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
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

export { freePort } from '@topup/server-kit';

/**
 * A redis-server of the test's own on `port`, saving nothing, so a restart brings it back empty: the
 * machine's shared one is never stopped. Resolves once it answers.
 */
export async function startOwnRedis(port: number): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // Refused connections until the server listens are expected; the loop retries.
  probe.on('error', () => undefined);
  const deadline = Date.now() + 10_000;
  try {
    for (;;) {
      if (probe.status !== 'ready') await probe.connect().catch(() => undefined);
      if ((await probe.ping().catch(() => undefined)) === 'PONG') return server;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    probe.disconnect();
  }
}

/** Signals a child process and resolves to its exit code once it has exited (null when killed by a signal). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}
