import { Ajv, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '@topup/common';
import { AppError } from '../lib/app-error';
import { unstorableTextIn } from '../lib/storable-text';
import { urlFormats } from '../lib/url-fields';
import type { AppMiddleware } from '../types';

/** Bodies are JSON: no coercion, so `"5"` is not a number. */
const bodyAjv = new Ajv({ allErrors: true, strict: true, useDefaults: true });
/** Query strings and path parameters are text: coerce to the schema's types. */
const textAjv = new Ajv({ allErrors: true, strict: true, useDefaults: true, coerceTypes: true });
addFormats(bodyAjv);
addFormats(textAjv);
for (const [name, format] of Object.entries(urlFormats)) {
  bodyAjv.addFormat(name, format.validate);
  textAjv.addFormat(name, format.validate);
}

export interface RouteSchemas {
  body?: SchemaObject;
  query?: SchemaObject;
  params?: SchemaObject;
}

export interface FieldError {
  field: string;
  message: string;
}

function toFieldErrors(part: string, errors: ErrorObject[] | null | undefined): FieldError[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      return { field: path ? `${path}.${extra}` : extra, message: 'is not an allowed field' };
    }
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return { field: path ? `${path}.${missing}` : missing, message: 'is required' };
    }
    if (error.keyword === 'format') {
      const format = urlFormats[(error.params as { format: string }).format];
      if (format) return { field: path || part, message: format.message };
    }
    return { field: path || part, message: error.message ?? 'is invalid' };
  });
}

/** A number as a path or a query writes it: decimal digits, a sign and a fraction at most. */
const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** Whether a property's schema takes a number and no text (a text one keeps what the client wrote). */
function takesOnlyNumbers(schema: SchemaObject | undefined): boolean {
  const types = ([] as unknown[]).concat(schema?.type);
  return types.some((type) => type === 'integer' || type === 'number') && !types.includes('string');
}

/**
 * Turns the numbers of a path or a query from text into numbers, refusing any that is not plain decimal
 * digits: ajv's own coercion reads "Infinity", "1e999" and "0x10" as numbers and then skips the range
 * checks of an infinite one. One rule for every route, so no handler ever sees a number out of range.
 */
function numbersFromText(schema: SchemaObject, input: Record<string, unknown>): FieldError[] {
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const refused: FieldError[] = [];
  for (const [field, text] of Object.entries(input)) {
    if (typeof text !== 'string' || !takesOnlyNumbers(properties[field])) continue;
    const number = DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
    if (Number.isFinite(number)) input[field] = number;
    else refused.push({ field, message: 'must be a finite number written in decimal digits' });
  }
  return refused;
}

/**
 * Validates a route's body, query and params against JSON schemas compiled once, when the route is
 * declared. Object schemas must say `additionalProperties: false` (checked here) so unknown fields
 * are rejected rather than silently ignored.
 */
export function validate(schemas: RouteSchemas): AppMiddleware {
  const compiled: Array<[keyof RouteSchemas, ValidateFunction]> = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    if (schema.type === 'object' && schema.additionalProperties !== false) {
      throw new Error(`The ${part} schema must set additionalProperties: false`);
    }
    compiled.push([part, (part === 'body' ? bodyAjv : textAjv).compile(schema)]);
  }

  return async (ctx, next) => {
    const inputs = compiled.map(([part, check]) => {
      if (part === 'body' && ctx.request.length && !ctx.is('application/json')) {
        throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the request body as application/json');
      }
      // Copies, so coercion and defaults never alter what Koa holds.
      const input =
        part === 'body' ? (ctx.request.body ?? {}) : part === 'query' ? { ...ctx.query } : { ...ctx.params };
      return { part, check, input };
    });
    // One rule for every string of every route, before any schema: text Postgres cannot store never
    // reaches a handler (the schemas' own messages would say nothing useful about it).
    const unstorable = inputs.flatMap(({ part, input }) =>
      unstorableTextIn(input).map(({ field, message }) => ({ field: field || part, message })),
    );
    if (unstorable.length > 0) {
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'The request is not valid', unstorable);
    }
    const details = inputs.flatMap(({ part, input }) =>
      part === 'body' ? [] : numbersFromText(schemas[part]!, input as Record<string, unknown>),
    );
    for (const { part, check, input } of inputs) {
      if (check(input)) ctx.state.valid[part] = input;
      else details.push(...toFieldErrors(part, check.errors));
    }
    if (details.length > 0) {
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'The request is not valid', details);
    }
    await next();
  };
}
