/** One field of a recorded change, as the activity log compares it. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record's fields with nested objects opened to their leaves: `translations.en.title`, so a change reads field by field. */
function leaves(record: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return isPlainObject(value) && Object.keys(value).length > 0 ? Object.entries(leaves(value, path)) : [[path, value]];
    }),
  );
}

/**
 * The fields of a record before and after a change, nested ones opened (`translations.en.title`),
 * changed ones first (in the record's order), then the unchanged. A side that is not an object (a
 * list, a creation's or deletion's null) compares whole.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!isPlainObject(before) && !isPlainObject(after)) {
    if (before == null && after == null) return [];
    return [{ field: '', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  }
  const from = isPlainObject(before) ? leaves(before) : {};
  const to = isPlainObject(after) ? leaves(after) : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const rows = fields.map((field) => ({ field, before: from[field], after: to[field], changed: JSON.stringify(from[field]) !== JSON.stringify(to[field]) }));
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}

/** A recorded value as one line of text: strings as they are, anything else as JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A field's words when no screen names it: `game_currency` → "Game currency", `priceUsd` → "Price usd". */
export function humanizeField(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `game_currency` → `gameCurrency`: the back office's screens name fields in camelCase. */
export function camelField(field: string): string {
  return field.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * What a recorded change was made to, beyond its id, read from the record itself: a rate by its pair
 * ("USD → RUB"), anything else by its title, name or nickname; '' when the record has none.
 */
export function recordCaption(before: unknown, after: unknown): string {
  const record = isPlainObject(after) ? after : isPlainObject(before) ? before : null;
  if (!record) return '';
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const from = text(record.from);
  const to = text(record.to);
  if (from && to) return `${from.toUpperCase()} → ${to.toUpperCase()}`;
  return text(record.title) ?? text(record.name) ?? text(record.nickname) ?? '';
}
