/** One field of a recorded change, as the activity log compares it. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of a record before and after a change, changed ones first (in the record's order), then
 * the unchanged. A side that is not an object (a list, a creation's or deletion's null) compares whole.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!isPlainObject(before) && !isPlainObject(after)) {
    if (before == null && after == null) return [];
    return [{ field: '', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  }
  const from = isPlainObject(before) ? before : {};
  const to = isPlainObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const rows = fields.map((field) => ({ field, before: from[field], after: to[field], changed: JSON.stringify(from[field]) !== JSON.stringify(to[field]) }));
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}

/** A recorded value as one line of text: strings as they are, anything else as JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
