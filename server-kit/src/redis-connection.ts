import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';

/**
 * A connection to the store's Redis: one server, or a Redis Cluster (docs/architecture.md#redis-cluster).
 * Both answer the same commands; what differs (duplicating, scanning, keys used together) is written
 * once here.
 */
export type RedisConnection = Redis | Cluster;

/** How a connection behaves while Redis is away: whether commands wait, and how often they are retried. */
export interface RedisBehaviour {
  lazyConnect?: boolean;
  connectTimeout?: number;
  enableOfflineQueue?: boolean;
  maxRetriesPerRequest?: number | null;
  retryStrategy?: (attempt: number) => number | null;
}

/** The schemes of REDIS_URL naming a cluster, and the scheme of each of its nodes. */
const CLUSTER_SCHEMES: Record<string, string> = { 'redis-cluster:': 'redis:', 'rediss-cluster:': 'rediss:' };

/** A cluster as REDIS_URL names it: some of its nodes (the rest are found), and how to sign in to each. */
interface ClusterSetting {
  nodes: Array<{ host: string; port: number }>;
  username?: string;
  password?: string;
  tls: boolean;
}

/**
 * REDIS_URL read: a server's URL (`redis://`, `rediss://`), or a cluster's nodes
 * (`redis-cluster://[user:password@]host:port,host:port`, `rediss-cluster://` over TLS). Null when it is
 * neither.
 */
export function parseRedisUrl(value: string): { server: string } | { cluster: ClusterSetting } | null {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0].toLowerCase();
  if (scheme === undefined) return null;
  const nodeScheme = CLUSTER_SCHEMES[scheme];
  if (nodeScheme === undefined) return URL.canParse(value) ? { server: value } : null;
  const rest = value.slice(scheme.length).replace(/^\/\//, '');
  const at = rest.lastIndexOf('@');
  const credentials = at === -1 ? '' : `${rest.slice(0, at)}@`;
  const hosts = (at === -1 ? rest : rest.slice(at + 1)).replace(/\/$/, '').split(',');
  const nodes: ClusterSetting['nodes'] = [];
  let signIn: URL | undefined;
  for (const host of hosts) {
    if (!URL.canParse(`${nodeScheme}//${credentials}${host}`)) return null;
    const node = new URL(`${nodeScheme}//${credentials}${host}`);
    if (node.hostname === '' || node.port === '' || node.pathname !== '' || node.search !== '') return null;
    nodes.push({ host: node.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(node.port) });
    signIn = node;
  }
  return {
    cluster: {
      nodes,
      username: signIn?.username ? decodeURIComponent(signIn.username) : undefined,
      password: signIn?.password ? decodeURIComponent(signIn.password) : undefined,
      tls: nodeScheme === 'rediss:',
    },
  };
}

/** Opens a connection to what REDIS_URL names: a `Redis` for a server, an ioredis `Cluster` for a cluster. */
export function connectRedis(url: string, behaviour: RedisBehaviour): RedisConnection {
  const setting = parseRedisUrl(url);
  if (setting === null) throw new Error(`Not a Redis URL: ${url}`);
  if ('server' in setting) return new Redis(setting.server, behaviour);
  const { nodes, username, password, tls } = setting.cluster;
  const { lazyConnect, enableOfflineQueue, maxRetriesPerRequest, retryStrategy, connectTimeout } = behaviour;
  return new Cluster(nodes, {
    lazyConnect,
    enableOfflineQueue,
    clusterRetryStrategy: retryStrategy,
    // Each node's connection: how commands are retried there, and how to sign in.
    redisOptions: { maxRetriesPerRequest, connectTimeout, username, password, ...(tls ? { tls: {} } : {}) },
  });
}

export const isCluster = (connection: RedisConnection): connection is Cluster => connection.isCluster;

/**
 * Another connection to the same Redis, with other behaviour: a subscriber (a connection in subscribe
 * mode runs no other command), or a blocking one.
 */
export function duplicateRedis(connection: RedisConnection, behaviour: RedisBehaviour): RedisConnection {
  if (!isCluster(connection)) return connection.duplicate(behaviour as RedisOptions);
  const { maxRetriesPerRequest, connectTimeout, retryStrategy, ...clusterLevel } = behaviour;
  const options: ClusterOptions = {
    ...clusterLevel,
    ...(retryStrategy ? { clusterRetryStrategy: retryStrategy } : {}),
    redisOptions: {
      ...connection.options.redisOptions,
      ...(maxRetriesPerRequest === undefined ? {} : { maxRetriesPerRequest }),
      ...(connectTimeout === undefined ? {} : { connectTimeout }),
    },
  };
  return connection.duplicate([], options);
}

/**
 * A part of a key that keys used together (one script, one transaction, one MGET) share. A cluster
 * runs such a command only on keys of one slot, so there it is a hash tag (`{metrics}`); a lone
 * server keeps the name as it always was, and so the keys it already holds.
 */
export function keyGroup(connection: RedisConnection, name: string): string {
  return isCluster(connection) && !name.includes('{') ? `{${name}}` : name;
}

/**
 * The servers holding the keys: the one server, or every master of a cluster (SCAN and KEYS see only
 * the keys of the node they run on).
 */
export function keyHolders(connection: RedisConnection): Redis[] {
  return isCluster(connection) ? connection.nodes('master') : [connection];
}

/** Deletes every key starting with `prefix:`, on every server holding keys. */
export async function deleteKeysUnder(connection: RedisConnection, prefix: string): Promise<void> {
  await Promise.all(
    keyHolders(connection).map(async (server) => {
      let cursor = '0';
      do {
        const [next, keys] = await server.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        // A cluster's node refuses a DEL of keys from several slots: there, one key at a time.
        if (keys.length > 0) await (isCluster(connection) ? Promise.all(keys.map((key) => server.del(key))) : server.del(...keys));
        cursor = next;
      } while (cursor !== '0');
    }),
  );
}
