/** Reading a supplier's JSON answers, whose shapes the store never trusts: objects checked, scalars read as text. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string or a number as text; anything else as ''. */
export const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A body as a JSON object; {} for an empty, malformed or non-object body. */
export function jsonObjectOf(raw: string): Json {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
