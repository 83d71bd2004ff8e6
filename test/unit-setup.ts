import net from 'node:net';
import { afterEach } from 'vitest';

/**
 * The unit tier runs without Postgres and Redis (README, "Running the tests"). A file there that
 * reaches for either fails with this rule instead of passing only on machines where they happen to run.
 */
const RULE =
  'A unit test must not use Postgres or Redis. If this test needs them, name its file *.int.test.ts ' +
  '(README, "Running the tests"); otherwise give the code under test what it needs without the service.';

interface ServiceGuard {
  /** Connections refused since the last test ended, shared by every file this worker process runs. */
  refused: string[];
}

const GUARD = Symbol.for('topup.unitTierServiceGuard');

function portOf(url: string | undefined, defaultPort: number): number | undefined {
  if (!url) return undefined;
  try {
    return Number(new URL(url).port || defaultPort);
  } catch {
    return undefined;
  }
}

/** Ports of every Postgres and Redis the configuration or the defaults could point a test at. */
function servicePorts(): Set<number> {
  const { TEST_DATABASE_URL, DATABASE_URL, TEST_REDIS_URL, REDIS_URL } = process.env;
  const ports = [5432, 6379, portOf(TEST_DATABASE_URL, 5432), portOf(DATABASE_URL, 5432), portOf(TEST_REDIS_URL, 6379), portOf(REDIS_URL, 6379)];
  return new Set(ports.filter((port): port is number => port !== undefined));
}

/** The port `socket.connect(...)` was called with, in any of its call forms (a Unix socket path has none). */
function requestedPort(args: unknown[]): number | undefined {
  const [first] = args;
  if (Array.isArray(first)) return requestedPort(first);
  if (typeof first === 'number') return first;
  if (typeof first === 'string' && /^\d+$/.test(first)) return Number(first);
  if (first && typeof first === 'object' && 'port' in first) return Number((first as { port: unknown }).port);
  return undefined;
}

/**
 * Patches the socket prototype once per worker process: files run one after another in a process,
 * each evaluating this module afresh, and the guard must not wrap itself.
 */
function installGuard(): ServiceGuard {
  const socketPrototype = net.Socket.prototype as net.Socket & { [GUARD]?: ServiceGuard };
  const installed = socketPrototype[GUARD];
  if (installed) return installed;
  const guard: ServiceGuard = { refused: [] };
  const ports = servicePorts();
  const connect = socketPrototype.connect;
  socketPrototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const port = requestedPort(args);
    if (port !== undefined && ports.has(port)) {
      const message = `Connection to port ${port} refused. ${RULE}`;
      guard.refused.push(message);
      throw new Error(message);
    }
    return (connect as (...connectArgs: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  socketPrototype[GUARD] = guard;
  return guard;
}

const { refused } = installGuard();

// A client library may swallow the thrown error and retry; the test still fails here, saying why.
afterEach(() => {
  if (refused.length === 0) return;
  const [first] = refused;
  refused.length = 0;
  throw new Error(first);
});
