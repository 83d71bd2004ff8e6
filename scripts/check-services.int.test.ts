import { describe, expect, inject, it } from 'vitest';
import { freePort } from '@topup/workers/testing';
import { withDatabase } from '@topup/server-kit/testing';
import { checkPostgres, checkRedis } from './check-services';

describe('service checks', () => {
  it('pass when Postgres answers, even before the database exists', async () => {
    const serverUrl = inject('postgresServerUrl');
    expect(await checkPostgres(withDatabase(serverUrl, 'postgres'))).toBeNull();
    expect(await checkPostgres(withDatabase(serverUrl, `topup_t_${inject('runId')}_never_created`))).toBeNull();
  });

  it('name the unreachable Postgres in one line, without the password', async () => {
    const port = await freePort();
    const problem = await checkPostgres(`postgres://postgres:secret@127.0.0.1:${port}/topup`);
    expect(problem).toMatch(
      new RegExp(
        `^Postgres is not reachable at 127\\.0\\.0\\.1:${port}: ` +
          `start it \\(pg_ctlcluster .+ main start, or docker compose up -d postgres\\) or set DATABASE_URL$`,
      ),
    );
    expect(problem).not.toContain('secret');
  });

  it('pass when Redis answers', async () => {
    expect(await checkRedis(inject('redisUrl'))).toBeNull();
  });

  it('name the unreachable Redis in one line', async () => {
    const port = await freePort();
    expect(await checkRedis(`redis://127.0.0.1:${port}`)).toBe(
      `Redis is not reachable at 127.0.0.1:${port}: start it (redis-server --daemonize yes, or docker compose up -d redis) or set REDIS_URL`,
    );
  });

  it('name every node of an unreachable Redis Cluster, and refuse a cluster without ports', async () => {
    const [first, second] = [await freePort(), await freePort()];
    expect(await checkRedis(`redis-cluster://127.0.0.1:${first},127.0.0.1:${second}`)).toBe(
      `Redis is not reachable at 127.0.0.1:${first},127.0.0.1:${second}: start it (redis-server --daemonize yes, or docker compose up -d redis) or set REDIS_URL`,
    );
    expect(await checkRedis('redis-cluster://127.0.0.1')).toBe(
      'REDIS_URL is not a valid URL: expected redis://host:6379 (or redis-cluster://host:port,host:port)',
    );
  });
});
