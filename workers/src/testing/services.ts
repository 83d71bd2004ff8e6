import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { connectRedis, freePort } from '@topup/server-kit';
import { deleteRedisKeys as deleteKeys } from '@topup/api/testing';

export { createTestDatabase, testRedisPrefix, type TestDatabase } from '@topup/api/testing';
export { freePort };

/** Removes every key under `prefix`, on a connection of its own (the tests' queues may be closed by then). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = connectRedis(redisUrl, {});
  try {
    await deleteKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
}


/**
 * A redis-server of the test's own on `port`, saving nothing, so a restart brings it back empty: the
 * machine's shared one is never stopped. Resolves once it answers.
 */
export async function startOwnRedis(port: number, settings: string[] = []): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir(), ...settings],
    { stdio: 'ignore' },
  );
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

/** A Redis Cluster of the test's own: its REDIS_URL, and a way to stop its servers and remove their files. */
export interface OwnRedisCluster {
  url: string;
  stop(): Promise<void>;
}

/** `count` loopback ports nothing listens on now, all different. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * A Redis Cluster of `masters` redis-servers on free ports (each with its cluster bus on another free
 * port), its slots shared out by `redis-cli --cluster create`, no replicas. Resolves once every node
 * says `cluster_state:ok`.
 */
export async function startOwnRedisCluster(masters = 3): Promise<OwnRedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  const [ports, busPorts] = await freePorts(2 * masters).then((all) => [all.slice(0, masters), all.slice(masters)] as const);
  const servers: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => stopChild(server, 'SIGTERM')));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const [index, port] of ports.entries()) {
      servers.push(
        await startOwnRedis(port, [
          '--dir', dir,
          '--cluster-enabled', 'yes',
          '--cluster-config-file', join(dir, `nodes-${port}.conf`),
          '--cluster-port', String(busPorts[index]),
        ]),
      );
    }
    const nodes = ports.map((port) => `127.0.0.1:${port}`);
    await promisify(execFile)('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes']);
    await Promise.all(ports.map(waitForClusterState));
    return { url: `redis-cluster://${nodes.join(',')}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Polls a cluster node until it sees every slot served (the nodes agree a moment after the create). */
async function waitForClusterState(port: number): Promise<void> {
  const node = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  const deadline = Date.now() + 15_000;
  try {
    while (!/^cluster_state:ok/m.test(await node.cluster('INFO'))) {
      if (Date.now() > deadline) throw new Error(`The cluster node on port ${port} did not reach cluster_state:ok within 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    node.disconnect();
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
