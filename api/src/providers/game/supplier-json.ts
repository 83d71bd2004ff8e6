/** Reading a supplier's JSON answers, whose shapes the store never trusts: objects checked, scalars read as text. */
export type Json = Record<string, unknown>;

/** Whether a parsed JSON value is an object (not an array, not null). */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A supplier's string or number as text; anything else (absent, an object) as ''. */
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

/** How long a call to a supplier may take before its outcome is taken as unknown. */
export const SUPPLIER_CALL_TIMEOUT_MS = 15_000;
