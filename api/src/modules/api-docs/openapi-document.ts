import { ErrorBody, type Endpoint } from '@topup/common/api';
import { QUEUE_SESSION_COOKIE } from '../admin/queues/queue-session';

/** Below this the document's own description; the error format is ErrorBody's (common/src/api/contract.ts). */
const INTRODUCTION = [
  'The JSON API of the top-up store, for the storefront, the back office and anyone integrating with them.',
  'Send `Authorization: Bearer <token>` (from `POST /login`) where a route needs a session.',
  'Every failure answers with the same body: `{"error": {"code", "message", "details"}}`; clients branch on `code`.',
  'Any request may be answered 401 when it sends a token that is not a valid session (send none to call an open route anonymously), 413 when a POST, PUT or PATCH carries a JSON body past the limit, 431, without a body, when its headers are too large, and 503 with Retry-After while the database cannot be reached.',
  'Calls that spend money or a code (`/payment/from-balance`, `/payment/create`, `/orders/topup`, `/freefire/activate-code`) accept an `Idempotency-Key` header: a retry with the same key gets the first answer.',
].join('\n\n');

type JsonSchema = Record<string, unknown>;

/** Status texts for the errors routes list. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid (VALIDATION_FAILED with field details, MALFORMED_JSON)',
  401: 'No valid session: none sent where the route needs one, or a token sent (to any route) that is expired, revoked or not ours (UNAUTHORIZED); or credentials the route refuses, as it says',
  403: 'The session may not do this (FORBIDDEN, TWO_FACTOR_ENROLMENT_REQUIRED)',
  404: 'No such record (NOT_FOUND)',
  409: "The store's rules refuse it as things stand (CONFLICT, OUT_OF_STOCK, PRICE_CHANGED, INSUFFICIENT_BALANCE …)",
  413: 'The body is too large (PAYLOAD_TOO_LARGE): any JSON body past the body limit, on every POST, PUT and PATCH',
  415: 'The body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  422: 'Understood but not possible (UNPROCESSABLE)',
  429: 'Too many attempts: wait for Retry-After (RATE_LIMITED)',
  503: 'A dependency is away or the server is busy: retry after Retry-After (SERVICE_UNAVAILABLE, SERVICE_BUSY)',
};

const AUTH_TEXT: Record<Endpoint['auth'], string> = {
  none: 'Open to anyone.',
  user: 'Needs a signed-in account.',
  admin: 'Administrators only (with two-factor authentication where the store requires it).',
  session: 'Needs a token, even one limited to two-factor enrolment.',
  'admin-enrolment': 'Administrators, including one who must still enrol in two-factor authentication.',
};

/** A plausible value of a schema, for the document's examples: the schema's own example first. */
export function exampleOf(schema: JsonSchema): unknown {
  const own = schema.examples as unknown[] | undefined;
  if (own?.length) return own[0];
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  const choices = (schema.enum ?? schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (schema.enum && choices) return choices[0];
  if (choices) return exampleOf(choices[0] as JsonSchema);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, exampleOf(property)]));
    }
    case 'array':
      return schema.items ? [exampleOf(schema.items as JsonSchema)] : [];
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 9.99) : 9.99;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'date-time') return '2026-11-23T13:26:00.000Z';
      if (schema.format === 'email') return 'shopper@example.com';
      if (typeof schema.format === 'string' && schema.format.includes('url')) return 'https://example.com/return';
      return typeof schema.minLength === 'number' && schema.minLength > 6 ? 'x'.repeat(schema.minLength) : 'string';
    default:
      return null;
  }
}

/** `getOrdersId` for `GET /orders/:id` (or `/orders/{id}`): the name a generated client gives the call. */
const operationIdOf = (method: Endpoint['method'], path: string) =>
  `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`;

/** Koa's `/orders/:id` as OpenAPI's `/orders/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(schema: JsonSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const errorResponse = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Refused',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The methods whose JSON body the app's body parser reads before any route, whatever the route takes. */
const PARSED_BODY_METHODS = new Set<Endpoint['method']>(['post', 'put', 'patch']);

/**
 * What any request under /api may be answered, whatever its route: 401 to an Authorization header that
 * is not a valid session (the app checks one wherever it is sent), 413 to a JSON body past the limit
 * where bodies are parsed, 431 from Node's HTTP parser, which answers it before the app, bodiless, and
 * 503 while Postgres cannot be reached (the session behind a token is read there too).
 */
function answeredByEveryRoute(method: Endpoint['method']): Record<string, unknown> {
  return {
    '401': errorResponse(401),
    ...(PARSED_BODY_METHODS.has(method) ? { '413': errorResponse(413) } : {}),
    '431': { description: 'The request headers are too large (answered by the HTTP server, without a body)' },
    '503': errorResponse(503),
  };
}

/** The error statuses a contract implies (its inputs, auth, path ids and body), and those it lists. */
function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set<number>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body) statuses.add(400);
  if (endpoint.auth === 'admin' || endpoint.auth === 'admin-enrolment') statuses.add(403);
  // A path id names a record that may not exist.
  if (endpoint.params) statuses.add(404);
  if (endpoint.body) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema, example: exampleOf(schema) } });

/**
 * A stream of Server-Sent Events: the body is text, one event after another; `x-event-data` is the
 * schema of each event's JSON data (OpenAPI 3.1 has no field of its own for it).
 */
function eventStreamContent(events: Readonly<Record<string, string>>, data: JsonSchema) {
  const eventList = Object.entries(events).map(([name, meaning]) => `\`${name}\`: ${meaning}`);
  const [first] = Object.keys(events);
  return {
    'text/event-stream': {
      schema: { type: 'string', description: ['Server-Sent Events, by name:', ...eventList].join('\n\n') },
      example: `event: ${first}\ndata: ${JSON.stringify(exampleOf(data))}\n\n: heartbeat\n\n`,
      'x-event-data': data,
    },
  };
}

function successContent(endpoint: Endpoint, schema: JsonSchema) {
  if (endpoint.eventStream) return eventStreamContent(endpoint.eventStream, schema);
  if (endpoint.fileType) return { [endpoint.fileType]: { schema, example: exampleOf(schema) } };
  return jsonContent(schema);
}

function operationOf(endpoint: Endpoint) {
  const success = String(endpoint.status ?? 200);
  const responseSchema = endpoint.response as JsonSchema;
  const responses: Record<string, unknown> = {
    [success]: {
      description: 'Success',
      ...(endpoint.responseHeaders
        ? {
            headers: Object.fromEntries(
              Object.entries(endpoint.responseHeaders).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
            ),
          }
        : {}),
      // A 204 carries no body at all.
      ...(success === '204' ? {} : { content: successContent(endpoint, responseSchema) }),
    },
  };
  for (const status of errorStatuses(endpoint)) responses[String(status)] = errorResponse(status);
  const body = endpoint.body as JsonSchema | undefined;
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: [endpoint.description, AUTH_TEXT[endpoint.auth]].filter(Boolean).join('\n\n'),
    operationId: operationIdOf(endpoint.method, endpoint.path),
    security: endpoint.auth === 'none' ? [] : [{ bearer: [] }],
    parameters: [...parametersOf(endpoint.params as JsonSchema | undefined, 'path'), ...parametersOf(endpoint.query as JsonSchema | undefined, 'query')],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body, example: exampleOf(body) } } } } : {}),
    responses,
  };
}

/** Routes that do not speak JSON (pages, raw webhook bodies, streams), described by hand for the clients that call them. */
export interface RawOperation {
  method: Endpoint['method'];
  path: string;
  operation: Record<string, unknown>;
}

/** An operation with what every route may answer, under the answers of its own (which say more). */
function withEveryRouteAnswers(method: Endpoint['method'], operation: Record<string, unknown>) {
  const responses = { ...answeredByEveryRoute(method), ...(operation.responses as Record<string, unknown>) };
  const sorted = Object.keys(responses).sort();
  return { ...operation, responses: Object.fromEntries(sorted.map((status) => [status, responses[status]])) };
}

/** The OpenAPI 3.1 document of the given contracts, in the order given. */
export function openApiDocument(endpoints: Endpoint[], raw: RawOperation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const operations = [
    ...endpoints.map((endpoint) => ({ method: endpoint.method, path: endpoint.path, operation: operationOf(endpoint) })),
    ...raw.map(({ method, path, operation }) => ({ method, path, operation: { operationId: operationIdOf(method, path), ...operation } })),
  ];
  for (const { method, path, operation } of operations) {
    (paths[openApiPath(path)] ??= {})[method] = withEveryRouteAnswers(method, operation);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Top-up store API', version, description: INTRODUCTION },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token `POST /login` answers with.' },
        queueDashboardSession: {
          type: 'apiKey',
          in: 'cookie',
          name: QUEUE_SESSION_COOKIE,
          description: 'The queue dashboard session `POST /admin/queues/session` sets, for a page the browser opens without the bearer token.',
        },
      },
      schemas: { ErrorBody },
    },
    paths,
  };
}
