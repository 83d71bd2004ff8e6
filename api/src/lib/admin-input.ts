import { ErrorCode, hasAtMostTwoDecimals, STORE_TIME_ZONE, toMinor } from '@topup/common';
import { MAX_INT } from '@topup/common/api';
import { currentUser } from '../middleware/auth';
import type { AppContext } from '../types';
import { AppError, validationFailed } from './app-error';
import type { FilterApplier } from './simple-rest';

/**
 * Shared pieces of the back-office API (docs/admin-api.md): money at the edge, path ids, typed list
 * filters, the admin behind a change, and the 409 a forbidden change answers with.
 */

/** A record as a service builds it: its timestamps still Dates, which JSON turns into the contract's strings. */
export type Dated<Entity, Times extends keyof Entity> = Omit<Entity, Times> & {
  [Key in Times]: Date | Exclude<Entity[Key], string>;
};

/**
 * The decimal prices of a body in minor units; every field with more than 2 decimals is named in
 * one 400. Fields that are absent stay absent.
 */
export function minorUnits<K extends string>(prices: Partial<Record<K, number>>): Partial<Record<K, number>> {
  const entries = Object.entries(prices).filter((entry): entry is [K, number] => typeof entry[1] === 'number');
  const invalid = entries.filter(([, amount]) => !hasAtMostTwoDecimals(amount));
  if (invalid.length > 0) {
    throw validationFailed(
      'The request is not valid',
      invalid.map(([field]) => ({ field, message: 'must have at most 2 decimal places' })),
    );
  }
  return Object.fromEntries(entries.map(([field, amount]) => [field, toMinor(amount)])) as Partial<Record<K, number>>;
}

/** A change the store's rules forbid (deleting a sold code ...), with what the admin can do about it. */
export const conflict = (message: string, details?: unknown) => new AppError(409, ErrorCode.CONFLICT, message, details);

/** True when `error` is Postgres refusing a duplicate on this unique constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

/** True when `error` is Postgres refusing a change that would leave a foreign key dangling. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23503';
}

/** Who made a change, for the audit log. */
export interface AdminActor {
  userId: number;
  requestId: string;
}

export function adminActor(ctx: AppContext): AdminActor {
  return { userId: currentUser(ctx).id, requestId: ctx.state.requestId };
}

/** Who, what and which record, for recordAudit; the caller adds before and after. Action: `<entity>.<verb>`. */
export function auditOf(actor: AdminActor, entity: string, verb: string, entityId: number | string | null) {
  return {
    actorId: actor.userId,
    requestId: actor.requestId,
    action: `${entity}.${verb}`,
    entity,
    entityId: entityId === null ? null : String(entityId),
  };
}

/** Drops the keys whose value is undefined, so "the fields sent" is all an update touches. */
export function definedOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function badFilter(field: string, message: string) {
  return validationFailed('The request is not valid', [{ field: `filter.${field}`, message }]);
}

/** A whole day of the store's calendar (`2026-11-21`, inclusive) or an exact ISO 8601 time. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

function dateFilter(field: string, value: unknown): string {
  const text = String(value);
  if ((!DAY.test(text) && !ISO_TIME.test(text)) || Number.isNaN(Date.parse(text))) {
    throw badFilter(field, 'must be a date (YYYY-MM-DD) or an ISO 8601 time');
  }
  return text;
}

/**
 * List filters that check their value before it reaches SQL, so a wrong type is a 400 naming the
 * filter rather than a database error.
 */
export const typedFilter = {
  /** `{"id":[1,2]}` (react-admin getMany) or one id. */
  ids:
    (field: string, column: string, max = MAX_INT): FilterApplier =>
    (query, value) => {
      const ids = Array.isArray(value) ? value : [value];
      if (ids.length > 1000 || !ids.every((id) => Number.isInteger(Number(id)) && Number(id) >= 1 && Number(id) <= max)) {
        throw badFilter(field, 'must be an id or a list of at most 1000 ids');
      }
      void query.whereIn(column, ids.map(Number));
    },

  boolean:
    (field: string, column: string): FilterApplier =>
    (query, value) => {
      if (value !== true && value !== false && value !== 'true' && value !== 'false') {
        throw badFilter(field, 'must be true or false');
      }
      void query.where(column, value === true || value === 'true');
    },

  /** A reference to another record; with `zeroMeansNone`, 0 selects the rows without one (global codes). */
  reference:
    (field: string, column: string, options: { zeroMeansNone?: boolean } = {}): FilterApplier =>
    (query, value) => {
      const id = Number(value);
      const min = options.zeroMeansNone ? 0 : 1;
      if (typeof value === 'boolean' || !Number.isInteger(id) || id < min || id > MAX_INT) {
        throw badFilter(field, options.zeroMeansNone ? 'must be an id, or 0 for none' : 'must be an id');
      }
      if (id === 0) void query.whereNull(column);
      else void query.where(column, id);
    },

  oneOf:
    (field: string, column: string, allowed: readonly string[]): FilterApplier =>
    (query, value) => {
      if (typeof value !== 'string' || !allowed.includes(value)) {
        throw badFilter(field, `must be one of ${allowed.join(', ')}`);
      }
      void query.where(column, value);
    },

  /** From a day (midnight in the store's time zone, as on the dashboard) or an exact time, inclusive. */
  since:
    (field: string, column: string): FilterApplier =>
    (query, value) => {
      const from = dateFilter(field, value);
      if (DAY.test(from)) void query.whereRaw('?? >= (?::date)::timestamp AT TIME ZONE ?', [column, from, STORE_TIME_ZONE]);
      else void query.where(column, '>=', from);
    },

  /** Up to the end of a day in the store's time zone, or an exact time, inclusive. */
  until:
    (field: string, column: string): FilterApplier =>
    (query, value) => {
      const to = dateFilter(field, value);
      if (DAY.test(to)) void query.whereRaw('?? < (?::date + 1)::timestamp AT TIME ZONE ?', [column, to, STORE_TIME_ZONE]);
      else void query.where(column, '<=', to);
    },

  /** Free text: a string (or number) of at most 200 characters. */
  text:
    (field: string, apply: FilterApplier): FilterApplier =>
    (query, value) => {
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > 200) {
        throw badFilter(field, 'must be text of at most 200 characters');
      }
      apply(query, String(value).trim());
    },
};
