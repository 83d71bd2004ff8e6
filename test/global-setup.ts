import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, migrateLatest } from '@topup/migrations';
import { isReachable } from './services';
import { withDatabase } from '@topup/server-kit/testing';

function dockerEngineAvailable(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Tests use the configured (or local) Postgres and Redis. Where neither answers but a Docker engine
 * runs, testcontainers starts throwaway ones.
 */
async function resolveServices(): Promise<{ postgresServerUrl: string; redisUrl: string; stop(): Promise<void> }> {
  const postgresServerUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const [postgresUp, redisUp] = await Promise.all([isReachable(postgresServerUrl, 5432), isReachable(redisUrl, 6379)]);
  if (postgresUp && redisUp) return { postgresServerUrl, redisUrl, stop: async () => {} };
  if (!dockerEngineAvailable()) {
    const missing = [!postgresUp && `Postgres at ${postgresServerUrl}`, !redisUp && `Redis at ${redisUrl}`].filter(Boolean);
    throw new Error(`Tests need ${missing.join(' and ')}: start them (see README, "Running the tests") or set TEST_DATABASE_URL / TEST_REDIS_URL.`);
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [postgres, redis] = await Promise.all([
    new PostgreSqlContainer('postgres:16-alpine').withUsername('postgres').withPassword('postgres').start(),
    new RedisContainer('redis:7-alpine').start(),
  ]);
  return {
    postgresServerUrl: postgres.getConnectionUri(),
    redisUrl: redis.getConnectionUrl(),
    stop: async () => {
      await Promise.all([postgres.stop(), redis.stop()]);
    },
  };
}

export default async function setup(project: TestProject) {
  const services = await resolveServices();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const templateDatabase = `topup_t_${runId}_tpl`;
  const templateUrl = withDatabase(services.postgresServerUrl, templateDatabase);
  await ensureDatabase(templateUrl);
  const template = knexFactory({ client: 'pg', connection: templateUrl, pool: { min: 0, max: 1 } });
  await migrateLatest(template);
  await template.destroy();

  project.provide('postgresServerUrl', services.postgresServerUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('redisUrl', services.redisUrl);
  project.provide('runId', runId);

  return async () => {
    const admin = knexFactory({ client: 'pg', connection: withDatabase(services.postgresServerUrl, 'postgres'), pool: { min: 0, max: 1 } });
    const { rows } = await admin.raw<{ rows: { datname: string }[] }>(
      'select datname from pg_database where datname like ?',
      [`topup_t_${runId}_%`],
    );
    for (const { datname } of rows) await admin.raw('drop database if exists ?? with (force)', [datname]);
    await admin.destroy();
    await services.stop();
  };
}
