import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's nginx (package `nginx`), which the tests check and run the compose file's proxy config with. */
export const NGINX = '/usr/sbin/nginx';

export const PROXY_CONFIG = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));

const COMPOSE_UPSTREAM = /server api:3000\b[^;]*;/;
const COMPOSE_LISTEN = /listen 8080;/;

/**
 * deploy/nginx.conf as it would run outside Docker: listening on `port` of the loopback, in front of
 * the API servers at `upstreams` (host:port) instead of Docker's `api` name, its pid and error log in `dir`.
 */
export function proxyConfigFor(dir: string, port: number, upstreams: string[]): { file: string; globals: string } {
  const config = readFileSync(PROXY_CONFIG, 'utf8');
  if (!COMPOSE_UPSTREAM.test(config) || !COMPOSE_LISTEN.test(config)) throw new Error(`${PROXY_CONFIG} no longer has the upstream or the port this replaces`);
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(
    file,
    config
      .replace(COMPOSE_UPSTREAM, upstreams.map((upstream) => `server ${upstream};`).join(' '))
      .replace(COMPOSE_LISTEN, `listen 127.0.0.1:${port};`),
  );
  return { file, globals: `pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')};` };
}

/** `nginx -t` over the config: null when nginx accepts it, else what it said. */
export function checkProxyConfig(upstreams: string[]): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-check-'));
  try {
    const { file, globals } = proxyConfigFor(dir, 8080, upstreams);
    const check = spawnSync(NGINX, ['-t', '-c', file, '-g', globals], { encoding: 'utf8' });
    return check.status === 0 ? null : `${check.stdout}${check.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface RunningProxy {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Runs nginx with the config in front of `upstreams` on `port`, in the foreground of a child process. */
export function startProxy(port: number, upstreams: string[]): RunningProxy {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed (${NGINX} is missing): apt-get install nginx`);
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  const { file, globals } = proxyConfigFor(dir, port, upstreams);
  const child: ChildProcess = spawn(NGINX, ['-c', file, '-g', `${globals} daemon off;`], { stdio: 'ignore' });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGQUIT: nginx's graceful stop.
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
