import { describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../testing/admin-api';
import type { RequestOptions } from '../../testing/harness';
import { exampleOf } from './openapi-document';

/**
 * Hostile input for every operation of the OpenAPI document, as anonymous, shopper and admin: no
 * answer is a 5xx (a 503 only where the operation documents one). Deterministic: the same seeded
 * choices on every run, so a failure names a request that fails again.
 */

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
}

/** Streams that stay open until the client leaves: a fuzzer would wait on them forever. */
const STREAMS = ['GET /orders/events'];

/** Texts that read as numbers JavaScript cannot hold, or barely can, and texts no field expects. */
const HOSTILE_TEXTS = [
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '0',
  '1.5',
  '9'.repeat(309),
  String(2 ** 53),
  'NaN',
  '0x10',
  ' ',
  '',
  'x'.repeat(20_000),
  '𝔘ñí©ødé \u202e\u0301',
  '\u0000',
  "' OR 1=1 --",
  '../../etc/passwd',
  '{"$gt":""}',
  '[1,2]',
  '{"id":[1e999]}',
  '[0,1e999]',
  'null',
  'true',
];

/** A nest deeper than any schema, as JSON. */
function deepObject(depth: number): unknown {
  let value: unknown = { leaf: 1 };
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { nested: value } : [value];
  return value;
}

/** Values of every JSON type, for body fields (JSON.parse reads `1e999` as Infinity). */
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXTS,
  null,
  true,
  -1,
  0,
  1.5,
  1e-10,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  [],
  [null, 'x', -1],
  {},
  { extra: 'field' },
  deepObject(200),
];

/** Raw bodies whose numbers JSON.parse reads as Infinity, or that are no object at all. */
const HOSTILE_RAW_BODIES = ['{"id":1e999,"amount":-1e999,"quantity":1e999}', '[]', '"text"', 'null', '123', '{"a":'];

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const app = startAdminTestApp();

interface Call {
  name: string;
  method: string;
  path: string;
  options: RequestOptions;
  allows503: boolean;
}

/** The requests one operation gets for one caller: each parameter given every hostile text, each body field a hostile value in turn. */
function callsFor(name: string, operation: Operation, token: string | undefined, random: () => number): Call[] {
  const [method, documentPath] = name.split(' ') as [string, string];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const parameters = operation.parameters ?? [];
  const plausible = (parameter: Parameter) => String(exampleOf(parameter.schema) ?? '1');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const plausibleBody = bodySchema ? exampleOf(bodySchema) : undefined;
  const allows503 = '503' in operation.responses;

  const call = (hostileParameter: Parameter | undefined, hostileText: string, options: RequestOptions): Call => {
    const valueOf = (parameter: Parameter) => (parameter === hostileParameter ? hostileText : plausible(parameter));
    const path = documentPath.replace(/\{([^}]+)\}/g, (_, parameterName: string) => {
      const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === parameterName);
      return encodeURIComponent(parameter ? valueOf(parameter) : '1');
    });
    const query = new URLSearchParams(parameters.filter((parameter) => parameter.in === 'query').map((parameter): [string, string] => [parameter.name, valueOf(parameter)]));
    const search = query.size > 0 ? `?${query}` : '';
    return { name, method: method.toUpperCase(), path: `/api${path}${search}`, options: { token, ...options }, allows503 };
  };
  const withBody = (body: unknown): RequestOptions => (method === 'get' || method === 'delete' ? {} : { body });

  const calls = parameters.flatMap((parameter) => HOSTILE_TEXTS.map((text) => call(parameter, text, withBody(plausibleBody))));
  if (bodySchema) {
    const fields = Object.keys((bodySchema.properties ?? {}) as Record<string, unknown>);
    const fieldsOfBody = plausibleBody && typeof plausibleBody === 'object' && !Array.isArray(plausibleBody) ? plausibleBody : {};
    for (const field of [...fields, 'unexpectedField']) {
      calls.push(call(undefined, '', { body: { ...fieldsOfBody, [field]: pick(HOSTILE_VALUES) } }));
    }
    calls.push(call(undefined, '', { body: pick(HOSTILE_VALUES) }));
    calls.push(call(undefined, '', { rawBody: pick(HOSTILE_RAW_BODIES), headers: { 'content-type': 'application/json' } }));
  } else if (method !== 'get' && method !== 'delete') {
    calls.push(call(undefined, '', { body: { unexpectedField: pick(HOSTILE_VALUES) } }));
  }
  // A stray query parameter, and one that repeats (read as a list).
  calls.push(call(undefined, '', withBody(plausibleBody)));
  calls.at(-1)!.path += `${calls.at(-1)!.path.includes('?') ? '&' : '?'}page=${encodeURIComponent(pick(HOSTILE_TEXTS))}&page=1`;
  return calls;
}

/** Runs the calls a few at a time, answering those that ended in a 5xx the operation does not document. */
async function serverErrorsOf(calls: Call[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const { name, method, path, options, allows503 } = calls[next++]!;
      const response = await app.request(method, path, options);
      if (response.status >= 500 && !(response.status === 503 && allows503)) {
        const sent = options.rawBody ?? JSON.stringify(options.body) ?? '';
        failures.push(`${name} as ${options.token ? 'a session' : 'anonymous'}: ${method} ${path.slice(0, 120)} ${sent.slice(0, 120)} answered ${response.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

describe('the OpenAPI document, fuzzed', () => {
  // Thousands of requests: under a minute alone, longer beside the other files npm test runs at once.
  it('answers no operation with a 5xx, as anonymous, shopper or admin', { timeout: 180_000 }, async () => {
    const document = (await app.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    const random = seededRandom(22);
    const calls = [undefined, app.shopper.token, app.admin.token].flatMap((token) =>
      operations
        .filter(({ name }) => !STREAMS.includes(name.replace(/^get/, 'GET')))
        .flatMap(({ name, operation }) => callsFor(name, operation, token, random)),
    );
    expect(operations.length).toBeGreaterThan(100);
    expect(calls.length).toBeGreaterThan(5000);
    expect(await serverErrorsOf(calls)).toEqual([]);
  });
});
