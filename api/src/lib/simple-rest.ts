import type { Knex } from 'knex';
import type { ListQuery } from '@topup/common/api';
import { validationFailed } from './app-error';
import { unstorableTextIn } from './storable-text';
import type { AppContext } from '../types';

/**
 * The react-admin `ra-data-simple-rest` list protocol (docs/admin-api.md):
 * `?sort=["field","ASC"]&range=[0,24]&filter={...}` (the query's schema is `ListQuery` in common),
 * the page as the body and `Content-Range: <resource> 0-24/319`.
 */
/** Most rows one page may ask for. */
export const MAX_PAGE_SIZE = 1000;

export type FilterApplier = (query: Knex.QueryBuilder, value: unknown) => void;

export interface ListSpec {
  /** The name in Content-Range. */
  resource: string;
  /** Sortable fields as the client names them, mapped to SQL columns. */
  sortable: Record<string, string>;
  defaultSort: [field: string, order: 'ASC' | 'DESC'];
  /** One function per accepted filter field; an unknown filter field is a 400, never silently ignored. */
  filters: Record<string, FilterApplier>;
}

export interface ParsedList {
  sort: { column: string; order: 'asc' | 'desc' };
  range: [start: number, end: number];
  filter: Record<string, unknown>;
}

function parseJson(text: string | undefined, field: string): unknown {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw validationFailed('The request is not valid', [{ field, message: 'must be JSON' }]);
  }
  // The query string itself was checked by validate(); JSON escapes (`\u0000`) only appear now.
  const unstorable = unstorableTextIn(value, field);
  if (unstorable.length > 0) throw validationFailed('The request is not valid', unstorable);
  return value;
}

/** Reads and checks the three list parameters against what the resource allows. */
export function parseListQuery(query: ListQuery, spec: ListSpec): ParsedList {
  const sortInput = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  if (
    !Array.isArray(sortInput) ||
    sortInput.length !== 2 ||
    typeof sortInput[0] !== 'string' ||
    !Object.hasOwn(spec.sortable, sortInput[0]) ||
    !['ASC', 'DESC'].includes(String(sortInput[1]).toUpperCase())
  ) {
    throw validationFailed('The request is not valid', [
      { field: 'sort', message: `must be ["field","ASC"|"DESC"] with field one of ${Object.keys(spec.sortable).join(', ')}` },
    ]);
  }
  const rangeInput = parseJson(query.range, 'range') ?? [0, 24];
  if (
    !Array.isArray(rangeInput) ||
    rangeInput.length !== 2 ||
    !rangeInput.every((n) => Number.isInteger(n) && n >= 0) ||
    rangeInput[1] < rangeInput[0] ||
    rangeInput[1] - rangeInput[0] + 1 > MAX_PAGE_SIZE
  ) {
    throw validationFailed('The request is not valid', [
      { field: 'range', message: `must be [start,end] with at most ${MAX_PAGE_SIZE} rows` },
    ]);
  }
  const filterInput = parseJson(query.filter, 'filter') ?? {};
  if (typeof filterInput !== 'object' || filterInput === null || Array.isArray(filterInput)) {
    throw validationFailed('The request is not valid', [{ field: 'filter', message: 'must be a JSON object' }]);
  }
  const unknown = Object.keys(filterInput).filter((key) => !Object.hasOwn(spec.filters, key));
  if (unknown.length > 0) {
    throw validationFailed(
      'The request is not valid',
      unknown.map((key) => ({ field: `filter.${key}`, message: 'is not a filter of this list' })),
    );
  }
  return {
    sort: { column: spec.sortable[sortInput[0]]!, order: String(sortInput[1]).toLowerCase() as 'asc' | 'desc' },
    range: [rangeInput[0] as number, rangeInput[1] as number],
    filter: filterInput as Record<string, unknown>,
  };
}

/** The base query narrowed by the list's filters (a copy: the base stays as it was). */
export function applyFilters(base: Knex.QueryBuilder, spec: ListSpec, filter: ParsedList['filter']): Knex.QueryBuilder {
  const filtered = base.clone();
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || value === null) continue;
    spec.filters[field]!(filtered, value);
  }
  return filtered;
}

/**
 * One page of `base` (a query selecting the resource's rows) with the filters, the sort and the total.
 * The id is always the last sort key so pages never overlap.
 */
export async function listPage<Row>(
  base: Knex.QueryBuilder,
  spec: ListSpec,
  list: ParsedList,
  idColumn = 'id',
): Promise<{ rows: Row[]; total: number }> {
  const filtered = applyFilters(base, spec, list.filter);
  const [countRow] = (await filtered.clone().clearSelect().clearOrder().count({ total: '*' })) as Array<{
    total: string | number;
  }>;
  const [start, end] = list.range;
  const rows = (await filtered
    .orderBy(list.sort.column, list.sort.order)
    .orderBy(idColumn, list.sort.order)
    .offset(start)
    .limit(end - start + 1)) as Row[];
  return { rows, total: Number(countRow?.total ?? 0) };
}

/** One page of a list as a service answers it. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  range: [number, number];
}

/** Sets the page's Content-Range and gives its rows, the body of a list answer. */
export function pageRows<Row>(ctx: AppContext, resource: string, page: ListPage<Row>): Row[] {
  const [start] = page.range;
  const end = page.rows.length > 0 ? start + page.rows.length - 1 : start;
  ctx.set('Content-Range', `${resource} ${start}-${end}/${page.total}`);
  return page.rows;
}

/** Answers a list in the protocol's shape. */
export function sendList(ctx: AppContext, resource: string, rows: unknown[], total: number, range: [number, number]) {
  ctx.body = pageRows(ctx, resource, { rows, total, range });
}

/** Common filter appliers. */
export const filterBy = {
  /** `{"id":[1,2,3]}` (react-admin getMany) or a single id. */
  ids:
    (column: string): FilterApplier =>
    (query, value) => {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isSafeInteger);
      void query.whereIn(column, ids);
    },
  equals:
    (column: string): FilterApplier =>
    (query, value) => {
      void query.where(column, value as Knex.Value);
    },
  /**
   * Case-insensitive substring match over any of the columns; `%` and `_` are taken literally. A
   * `{ translations: column }` entry matches the texts of a catalogue row's other languages (its values,
   * never its keys).
   */
  search:
    (...columns: Array<string | { translations: string }>): FilterApplier =>
    (query, value) => {
      const pattern = `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      void query.where((inner) => {
        for (const column of columns) {
          if (typeof column === 'string') void inner.orWhereRaw('??::text ILIKE ?', [column, pattern]);
          else void inner.orWhereRaw("jsonb_path_query_array(??, '$.*.*')::text ILIKE ?", [column.translations, pattern]);
        }
      });
    },
  /** A date or timestamp lower/upper bound, inclusive (`created_at_gte`, `created_at_lte`). */
  from:
    (column: string): FilterApplier =>
    (query, value) => {
      void query.where(column, '>=', String(value));
    },
  until:
    (column: string): FilterApplier =>
    (query, value) => {
      void query.where(column, '<=', String(value));
    },
};
