import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator, type Schema } from '@cfworker/json-schema';
import { parse, type Tags, type YAMLMap, type YAMLSeq } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildServer, NODE_ARGUMENTS, SERVER_BUNDLES } from './build-server';
import { checkProxyConfig, NGINX } from './proxy-config';

/**
 * The image and the compose files, checked without Docker (none runs where the tests do): the compose
 * files against the Compose Specification's JSON schema and against what the README promises of them,
 * the Dockerfile's stages by reading them.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const readRepoFile = (file: string) => readFileSync(`${repoRoot}${file}`, 'utf8');

/**
 * Compose's merge tags (compose-spec, "Merge and override"): `!reset` removes, `!override` replaces.
 * Each keeps its value: the schema still checks a reset's, which Compose requires to be valid.
 */
class Reset {
  constructor(readonly value: unknown) {}
}
class Override {
  constructor(readonly value: unknown) {}
}

/** A tagged sequence or mapping, as its tag's class holding the plain value. */
const taggedCollection =
  (Tag: typeof Reset | typeof Override) =>
  (collection: YAMLMap.Parsed | YAMLSeq.Parsed): Reset | Override =>
    new Tag(collection.toJSON());

const COMPOSE_TAGS: Tags = [
  { tag: '!reset', resolve: (scalar: string) => new Reset(scalar === 'null' || scalar === '' ? null : scalar) },
  { tag: '!reset', collection: 'seq', resolve: taggedCollection(Reset) },
  { tag: '!reset', collection: 'map', resolve: taggedCollection(Reset) },
  { tag: '!override', collection: 'seq', resolve: taggedCollection(Override) },
  { tag: '!override', collection: 'map', resolve: taggedCollection(Override) },
];

type ComposeFile = Record<string, unknown>;

function loadCompose(file: string): ComposeFile {
  return parse(readRepoFile(file), { customTags: COMPOSE_TAGS, merge: true, strict: true }) as ComposeFile;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Override) && !(value instanceof Reset);
}

/** The file as the schema sees it: each tag's value as an ordinary value. */
function withoutTags(value: unknown): unknown {
  if (value instanceof Reset || value instanceof Override) return withoutTags(value.value);
  if (Array.isArray(value)) return value.map(withoutTags);
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutTags(item)]));
  return value;
}

/** Attributes whose later value replaces the earlier one instead of being appended to it. */
const REPLACED_SEQUENCES = new Set(['command', 'entrypoint', 'test']);

/**
 * Compose's merge of an override file onto a base (compose-spec, "Merge and override"): mappings merge,
 * sequences append (command, entrypoint and a healthcheck's test are replaced), `!reset` removes,
 * `!override` replaces. Enough for the files here, which use nothing else.
 */
function mergeCompose(base: unknown, override: unknown, key = ''): unknown {
  if (override instanceof Override) return withoutTags(override.value);
  if (isMapping(base) && isMapping(override)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [name, value] of Object.entries(override)) {
      if (value instanceof Reset) delete merged[name];
      else merged[name] = name in base ? mergeCompose(base[name], value, name) : withoutTags(value);
    }
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(override) && !REPLACED_SEQUENCES.has(key)) {
    return [...base, ...override.map(withoutTags)];
  }
  return withoutTags(override);
}

const schema = JSON.parse(readRepoFile('scripts/compose-spec/compose-spec.json')) as Schema;

function schemaErrors(compose: unknown): string[] {
  const { errors } = new Validator(schema, '7', false).validate(compose);
  return errors.map(({ instanceLocation, error }) => `${instanceLocation}: ${error}`);
}

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  env_file?: Array<{ path: string; required?: boolean }>;
  ports?: Array<string | { host_ip?: string; published?: string | number }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number | string };
  volumes?: string[];
}

const development = loadCompose('docker-compose.yml');
const productionOverride = loadCompose('docker-compose.prod.yml');
const production = mergeCompose(development, productionOverride) as ComposeFile;

function servicesOf(compose: ComposeFile): Record<string, Service> {
  return withoutTags(compose.services) as Record<string, Service>;
}

const APP_SERVICES = ['setup', 'api', 'workers'] as const;

describe('the compose files', () => {
  it.each([
    ['docker-compose.yml', development],
    ['docker-compose.prod.yml', withoutTags(productionOverride)],
    ['the two merged (production)', production],
  ])('%s follow the Compose Specification schema', (_name, compose) => {
    expect(schemaErrors(compose)).toEqual([]);
  });

  it('the schema check catches a malformed file', () => {
    const broken = { services: { api: { ports: 3000, healthcheck: { interval: 15 }, restart: ['always'] } } };
    expect(schemaErrors(broken).length).toBeGreaterThan(0);
  });

  it('development publishes every port on 127.0.0.1 only', () => {
    const published = Object.entries(servicesOf(development)).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => [name, port] as const),
    );
    expect(published.map(([name]) => name).sort()).toEqual(['postgres', 'proxy', 'redis']);
    for (const [, port] of published) {
      if (typeof port === 'string') expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
      else expect(port.host_ip).toBe('127.0.0.1');
    }
  });

  it('production publishes neither Postgres nor Redis, and the load balancer on 127.0.0.1 for the reverse proxy', () => {
    const services = servicesOf(production);
    expect(services.postgres?.ports).toBeUndefined();
    expect(services.redis?.ports).toBeUndefined();
    expect(services.api?.ports).toBeUndefined();
    expect(services.proxy?.ports).toEqual(['127.0.0.1:3000:8080']);
  });

  it('runs several API and workers containers, the API reached through the load balancer alone', () => {
    const services = servicesOf(development);
    expect(Number(services.api?.deploy?.replicas)).toBeGreaterThan(1);
    expect(Number(services.workers?.deploy?.replicas)).toBeGreaterThan(1);
    expect(services.api?.ports).toBeUndefined();
    expect(services.proxy?.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
    expect(services.proxy?.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    // The balancer sends to the API's port, on the name Docker gives every API container.
    expect(readRepoFile('deploy/nginx.conf')).toMatch(new RegExp(`server api:${services.api?.environment?.PORT}\\b`));
  });

  it.each([
    ['development', development, '1'],
    ['production', production, '2'],
  ])('%s: the API trusts exactly the proxies in front of it', (_name, compose, hops) => {
    // Development: the load balancer. Production: the machine's reverse proxy, then the load balancer.
    expect(servicesOf(compose).api?.environment?.TRUST_PROXY_HOPS).toBe(hops);
  });

  it.each([
    ['development', development],
    ['production', production],
  ])('%s: the API is checked on /api/ready, Postgres and Redis have checks, the workers and the setup none', (_name, compose) => {
    const services = servicesOf(compose);
    expect(services.api?.healthcheck?.test?.join(' ')).toContain('/api/ready');
    expect(services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.redis?.healthcheck?.test?.join(' ')).toContain('ping');
    expect(services.workers?.healthcheck).toEqual({ disable: true });
    expect(services.setup?.healthcheck).toEqual({ disable: true });
  });

  it('the API and the workers start after a migrated database and a healthy Postgres and Redis', () => {
    const services = servicesOf(development);
    const expected = {
      setup: { condition: 'service_completed_successfully' },
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    };
    expect(services.api?.depends_on).toEqual(expected);
    expect(services.workers?.depends_on).toEqual(expected);
    expect(services.setup?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('each service runs the bundle scripts/build-server.ts builds', () => {
    const services = servicesOf(development);
    for (const name of APP_SERVICES) {
      expect(services[name]?.command).toEqual(['node', ...NODE_ARGUMENTS[name]]);
    }
  });

  it('development runs in development mode, with the optional .env', () => {
    for (const name of APP_SERVICES) {
      const service = servicesOf(development)[name];
      expect(service?.environment?.NODE_ENV).toBe('development');
      expect(service?.env_file).toEqual([{ path: '.env', required: false }]);
    }
  });

  it('the load balancer passes the order status stream on unbuffered, and appends the address it sees to X-Forwarded-For', () => {
    const config = readRepoFile('deploy/nginx.conf');
    const stream = /location = \/api\/orders\/events \{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(stream).toMatch(/proxy_buffering off;/);
    expect(stream).toMatch(/proxy_read_timeout 1h;/);
    expect(config).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  it.skipIf(!existsSync(NGINX))("nginx accepts the load balancer's config (nginx -t)", () => {
    expect(checkProxyConfig(['127.0.0.1:3001', '127.0.0.1:3002'])).toBeNull();
  });

  it('production runs in production mode, with its secrets from .env.production alone', () => {
    const services = servicesOf(production);
    for (const name of APP_SERVICES) {
      const service = services[name];
      // The setup seeds no demo data in production (scripts/db-setup.ts), only the admin account.
      expect(service?.environment?.NODE_ENV).toBe('production');
      expect(service?.env_file).toEqual([{ path: '.env.production', required: true }]);
      // The development URL, with its fixed password, gives way to the one in .env.production.
      expect(service?.environment).not.toHaveProperty('DATABASE_URL');
    }
    expect(services.postgres?.environment).not.toHaveProperty('POSTGRES_PASSWORD');
    expect(services.postgres?.env_file).toEqual([{ path: '.env.production', required: true }]);
    // Volumes are named after the project: production never opens the development database.
    expect(production.name).toBe('topup-production');
    expect(development.name).toBeUndefined();
  });
});

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerfileInstructions(): Array<{ instruction: string; argument: string }> {
  return readRepoFile('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [instruction = '', ...rest] = line.split(/\s+/);
      return { instruction: instruction.toUpperCase(), argument: rest.join(' ') };
    });
}

/** The stages, each with its name, base image (a global ARG's default filled in) and instructions. */
function dockerfileStages() {
  const globalArgs = new Map<string, string>();
  const stages: Array<{ name: string; from: string; instructions: Array<{ instruction: string; argument: string }> }> = [];
  for (const entry of dockerfileInstructions()) {
    const stage = stages.at(-1);
    if (entry.instruction === 'FROM') {
      const [image = '', , name = ''] = entry.argument.split(/\s+/);
      const from = image.replace(/^\$\{(\w+)\}$/, (_match, arg: string) => globalArgs.get(arg) ?? '');
      stages.push({ name, from, instructions: [] });
    } else if (!stage && entry.instruction === 'ARG') {
      const [name = '', value = ''] = entry.argument.split('=');
      globalArgs.set(name, value);
    } else {
      stage?.instructions.push(entry);
    }
  }
  return stages;
}

/**
 * Node's LTS lines still supported, with the end of their support (nodejs.org's release schedule). The
 * test fails once the image's line has ended: move the image to a newer LTS then.
 */
const NODE_LTS_END_OF_LIFE: Record<string, string> = { '22': '2027-04-30', '24': '2028-04-30' };

/**
 * Whether package.json's engines range, written as `^20.19.0 || ^22.13.0 || >=24`, admits a major line's
 * newer releases: an image tag of a major (node:24-slim) follows that line's latest release.
 */
function enginesAdmitMajor(range: string, major: number): boolean {
  return range.split('||').some((alternative) => {
    const [, operator, lowest] = /^\s*(\^|>=)(\d+)/.exec(alternative) ?? [];
    return operator === '^' ? Number(lowest) === major : operator === '>=' && major >= Number(lowest);
  });
}

describe('the Dockerfile', () => {
  const stages = dockerfileStages();
  const runtime = stages.at(-1)!;
  const runtimeArguments = (instruction: string) =>
    runtime.instructions.filter((entry) => entry.instruction === instruction).map((entry) => entry.argument);
  const inheritedInstructions = (stageName: string): Array<{ instruction: string; argument: string }> => {
    const stage = stages.find((candidate) => candidate.name === stageName);
    return stage ? [...inheritedInstructions(stage.from), ...stage.instructions] : [];
  };

  it('builds on a Node LTS still in support, one the code supports (package.json engines)', () => {
    const baseImages = stages.map((stage) => stage.from).filter((from) => !stages.some((stage) => stage.name === from));
    expect(baseImages.length).toBeGreaterThan(0);
    const engines = (JSON.parse(readRepoFile('package.json')) as { engines: { node: string } }).engines.node;
    for (const image of baseImages) {
      const major = /^node:(\d+)(?:\.\d+)*-(?:[a-z]+-)?slim$/.exec(image)?.[1] ?? '';
      expect(NODE_LTS_END_OF_LIFE, `${image} is not a slim image of a supported Node LTS`).toHaveProperty(major);
      expect(new Date(`${NODE_LTS_END_OF_LIFE[major]}T00:00:00Z`).getTime()).toBeGreaterThan(Date.now());
      expect(enginesAdmitMajor(engines, Number(major)), `${image} is outside engines ${engines}`).toBe(true);
    }
  });

  it('installs dev dependencies only in the build stage, and production ones in the runtime stage', () => {
    const build = stages.find((stage) => stage.name === 'build');
    expect(build?.instructions.some(({ instruction, argument }) => instruction === 'RUN' && /npm ci(?!.*--omit)/.test(argument))).toBe(true);
    expect(build?.instructions).toContainEqual({ instruction: 'RUN', argument: 'npm run build' });
    const runtimeRuns = inheritedInstructions(runtime.name).filter(({ instruction }) => instruction === 'RUN');
    expect(runtimeRuns.map(({ argument }) => argument)).toEqual([expect.stringMatching(/npm ci --omit=dev /)]);
  });

  it('copies into the runtime only the built output, from the build stage', () => {
    const copies = inheritedInstructions(runtime.name).filter(({ instruction }) => instruction === 'COPY');
    expect(copies.map(({ argument }) => argument)).not.toContain('. .');
    const fromBuild = runtimeArguments('COPY')
      .filter((argument) => argument.startsWith('--from=build '))
      .map((argument) => argument.split(/\s+/)[1]);
    const bundleFolders = Object.values(SERVER_BUNDLES).map(({ bundle }) => `/app/${bundle.slice(0, bundle.lastIndexOf('/'))}`);
    expect(fromBuild).toEqual(expect.arrayContaining([...bundleFolders, '/app/storefront/dist', '/app/admin/dist']));
  });

  it('runs as the unprivileged node user, checks /api/ready and starts the API bundle', () => {
    expect(runtimeArguments('USER')).toEqual(['node']);
    expect(runtimeArguments('HEALTHCHECK').join(' ')).toContain('/api/ready');
    expect(runtimeArguments('CMD')).toEqual([JSON.stringify(['node', ...NODE_ARGUMENTS.api]).replace(/","/g, '", "')]);
    expect(runtimeArguments('ENV')).toContain('NODE_ENV=production');
  });

  it('leaves secrets and installed or built files out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.env', '.env.*', '**/node_modules', '**/dist', '.git']));
  });
});

interface LockedPackage {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const lockedPackages = (JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, LockedPackage> }).packages;

/** The lockfile entry Node finds for `name` from the folder `fromDir`: its node_modules, then its parents'. */
function lockedPackageFrom(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = path.posix.dirname(dir)) {
    const key = dir === '.' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (!dir.endsWith('node_modules') && key in lockedPackages) return key;
    if (dir === '.') return undefined;
  }
}

/**
 * What the runtime stage's `npm ci --omit=dev --workspace=@topup/api --workspace=@topup/workers`
 * installs: those workspaces' dependencies and everything they depend on (peers included, as npm
 * installs them), as lockfile entries.
 */
function runtimeInstall(): Set<string> {
  const installed = new Set<string>();
  const pending = ['api', 'workers'];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const locked = lockedPackages[key];
    if (!locked || installed.has(key)) continue;
    installed.add(key);
    if (locked.link && locked.resolved) pending.push(locked.resolved);
    const names = Object.keys({ ...locked.dependencies, ...locked.optionalDependencies, ...locked.peerDependencies });
    for (const name of names) {
      const found = lockedPackageFrom(key, name);
      if (found) pending.push(found);
    }
  }
  return installed;
}

/** The npm packages a bundle loads: its imports, and the package files it resolves at run time. */
function packagesLoadedBy(bundleText: string): string[] {
  const specifiers = [
    ...bundleText.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm),
    ...bundleText.matchAll(/\bimport\("([^"]+)"\)/g),
    ...bundleText.matchAll(/\.resolve\("([^"]+)"\)/g),
  ].map((match) => match[1]!);
  return [...new Set(specifiers.filter((specifier) => !specifier.startsWith('node:')))];
}

describe('the runtime stage', () => {
  it('installs every npm package the bundles load, without the dev dependencies', { timeout: 120_000 }, async () => {
    await buildServer();
    const installed = runtimeInstall();
    const missing: string[] = [];
    for (const { bundle } of Object.values(SERVER_BUNDLES)) {
      const bundleDir = path.posix.dirname(bundle);
      for (const specifier of packagesLoadedBy(readRepoFile(bundle))) {
        // A relative import names a copy in a node_modules folder itself (scripts/build-server.ts).
        const key = specifier.startsWith('.')
          ? /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(path.posix.join(bundleDir, specifier))?.[1]
          : lockedPackageFrom(bundleDir, /^(?:@[^/]+\/)?[^/]+/.exec(specifier)![0]);
        if (!key || !installed.has(key)) missing.push(`${bundle}: ${specifier}`);
      }
    }
    expect(missing).toEqual([]);
    expect([...installed].filter((key) => /node_modules\/(vitest|typescript-eslint|esbuild|vite|tsx)$/.test(key))).toEqual([]);
  });
});
