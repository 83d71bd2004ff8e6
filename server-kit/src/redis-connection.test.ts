import { describe, expect, it } from 'vitest';
import { parseRedisUrl } from './redis-connection';

describe('REDIS_URL', () => {
  it('names one server by its URL, as before', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toEqual({ server: 'redis://127.0.0.1:6379' });
    expect(parseRedisUrl('rediss://:secret@cache.internal:6380/2')).toEqual({ server: 'rediss://:secret@cache.internal:6380/2' });
  });

  it('names a cluster by some of its nodes, with one sign-in for them all', () => {
    expect(parseRedisUrl('redis-cluster://127.0.0.1:7000,127.0.0.1:7001')).toEqual({
      cluster: { nodes: [{ host: '127.0.0.1', port: 7000 }, { host: '127.0.0.1', port: 7001 }], username: undefined, password: undefined, tls: false },
    });
    expect(parseRedisUrl('rediss-cluster://store:p%40ss@a.internal:6379,[::1]:6380')).toEqual({
      cluster: { nodes: [{ host: 'a.internal', port: 6379 }, { host: '::1', port: 6380 }], username: 'store', password: 'p@ss', tls: true },
    });
  });

  it.each(['localhost', 'redis-cluster://', 'redis-cluster://127.0.0.1', 'redis-cluster://127.0.0.1:7000,', 'redis-cluster://127.0.0.1:7000/1'])(
    'refuses %s',
    (value) => expect(parseRedisUrl(value)).toBeNull(),
  );
});
