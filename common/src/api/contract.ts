import Type, { type Static, type TSchema } from 'typebox';
import { MAX_INT } from '../column-limits';
import { ErrorCode } from '../errors';

/**
 * The contract of one `/api` route, written once: the server validates requests with its schemas and
 * type-checks its answers against them, both web apps and the tests take their types from it, and the
 * OpenAPI document is generated from it.
 */
export interface Endpoint<
  Params extends TSchema = TSchema,
  Query extends TSchema = TSchema,
  Body extends TSchema = TSchema,
  Response extends TSchema = TSchema,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Below `/api`, with Koa's `:name` parameters. */
  path: string;
  /** Who may call it: `user` any signed-in shopper or admin, `admin` administrators only. */
  auth: EndpointAuth;
  /** Groups the document's routes. */
  tag: string;
  summary: string;
  description?: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The status of a success (200 unless said). */
  status?: number;
  response: Response;
  /**
   * The error statuses this route answers with besides those the document derives from the rest of the
   * contract (400, 401, 403, 404, 413, 415, 431, 503: see the API docs module); a rate-limited route lists 429.
   */
  errors?: readonly number[];
  /** The media type of a success that is a file rather than JSON (`response` is then the file's text). */
  fileType?: 'text/csv';
  /** Headers the answer carries that a client reads (Content-Range of admin lists). */
  responseHeaders?: Readonly<Record<string, string>>;
  /**
   * The answer is a `text/event-stream` (Server-Sent Events) that stays open: `response` is then the
   * JSON data of each event, and these are the event names it may send, each with what it means.
   */
  eventStream?: Readonly<Record<string, string>>;
}

/**
 * `none`: anyone; `user`: a signed-in account; `admin`: an administrator; `session`: any valid token,
 * even one limited to two-factor enrolment; `admin-enrolment`: an administrator, even one who must still
 * enrol in two-factor authentication.
 */
export type EndpointAuth = 'none' | 'user' | 'admin' | 'session' | 'admin-enrolment';

/** Declares an endpoint, keeping its schemas' exact types for the server and the clients. */
export function endpoint<
  Params extends TSchema = TSchema,
  Query extends TSchema = TSchema,
  Body extends TSchema = TSchema,
  Response extends TSchema = TSchema,
>(definition: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return definition;
}

/** What a route answers on success, as the client receives it. */
export type ResponseOf<E> = E extends Endpoint<TSchema, TSchema, TSchema, infer R> ? Static<R> : never;
/** The body a route accepts. */
export type BodyOf<E> = E extends Endpoint<TSchema, TSchema, infer B, TSchema> ? Static<B> : never;
/** The query a route accepts. */
export type QueryOf<E> = E extends Endpoint<TSchema, infer Q, TSchema, TSchema> ? Static<Q> : never;

export { MAX_INT };

/** An object that refuses fields it does not name, so a client mistake is never silently ignored. */
export const Strict = <Properties extends Record<string, TSchema>>(properties: Properties, options: { description?: string } = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false });

/** A value or null, written as JSON Schema's type list (one clear message when wrong, unlike anyOf). */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** One of a list of words, checked as a string first (so a number is "must be string", as ajv words it). */
export function StringEnum<const Values extends readonly string[]>(values: Values, options: { description?: string; default?: Values[number] } = {}) {
  return Type.Unsafe<Values[number]>({ ...options, type: 'string', enum: [...values] });
}

/** A moment as the JSON answer carries it (ISO 8601, UTC). */
export const Timestamp = Type.String({ format: 'date-time' });

export const IdParams = Strict({ id: Type.Integer({ minimum: 1, maximum: MAX_INT }) });
/** bigserial ids (codes, cart lines). */
export const BigIdParams = Strict({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
/** Calls that carry nothing still refuse fields. */
export const EmptyObject = Strict({});

/** `?lang=`, on the calls whose texts are written in the catalogue's languages (docs/architecture.md, "Catalogue from memory"). */
export const contentLanguageField = Type.Optional(
  Type.String({ maxLength: 35, description: 'The language of the texts (en, ru, uz); else Accept-Language decides, else ru.' }),
);
/** The query of a catalogue read that takes nothing but its language. */
export const ContentLanguageQuery = Strict({ lang: contentLanguageField });

/** The error body, the answer of every failure. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Enum(Object.values(ErrorCode)),
      message: Type.String({ description: 'For people; clients branch on `code`.' }),
      details: Type.Optional(Type.Unknown({ description: 'For VALIDATION_FAILED, `[{field, message}]`.' })),
    }),
  },
  { examples: [{ error: { code: 'VALIDATION_FAILED', message: 'The request is not valid', details: [{ field: 'quantity', message: 'must be >= 1' }] } }] },
);

/** `{success: true, ...fields}`, the shopper API's answer. */
export const Success = <Properties extends Record<string, TSchema>>(properties: Properties) =>
  Type.Object({ success: Type.Literal(true), ...properties });
