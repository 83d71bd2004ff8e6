import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** Debian's PgBouncer (package `pgbouncer`; 1.18 on Debian 12, without max_prepared_statements). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

const START_TIMEOUT_MS = 15_000;

/** A PgBouncer of a test's or a bench's own, in transaction pooling mode (docs/scaling.md#pgbouncer). */
export interface RunningPgbouncer {
  port: number;
  /** `databaseUrl` (a URL of the Postgres server it pools) as reached through this PgBouncer. */
  urlOf(databaseUrl: string): string;
  /** Everything it logged, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer on a free loopback port in front of the Postgres server of `postgresUrl` (any
 * database on it, as the same user, trust authentication as the server's), with `pool_mode =
 * transaction`, its ini and user list in a temporary directory. Resolves once it answers a query.
 * Fails, saying how to install it, when it is not installed. PgBouncer refuses to run as root, so
 * as root it is started as the `postgres` user, after it has read its files.
 */
export async function startPgbouncer({ postgresUrl, poolSize = 20 }: { postgresUrl: string; poolSize?: number }): Promise<RunningPgbouncer> {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(`PgBouncer is not installed (${PGBOUNCER} is missing): apt-get install pgbouncer`);
  }
  const server = new URL(postgresUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  const ini = path.join(dir, 'pgbouncer.ini');
  const userlist = path.join(dir, 'userlist.txt');
  writeFileSync(userlist, `"${user}" ""\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // No Unix socket: its directory would be shared with every other PgBouncer on the machine.
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${userlist}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      // pg sends none of these, but other clients (psql, pgbench) may.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, asRoot ? ['-u', 'postgres', ini] : [ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      // SIGINT: PgBouncer's safe shutdown, after the queries in flight.
      child.kill('SIGINT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const urlOf = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };

  const probeUrl = urlOf(postgresUrl);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`PgBouncer exited at start:\n${output}`);
    }
    const client = new pg.Client({ connectionString: probeUrl, connectionTimeoutMillis: 1000 });
    const answered = await client
      .connect()
      .then(() => client.query('SELECT 1'))
      .then(
        () => true,
        () => false,
      );
    await client.end().catch(() => undefined);
    if (answered) return { port, urlOf, output: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PgBouncer did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
