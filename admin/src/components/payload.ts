/**
 * The fields a form may send: the API refuses unknown fields (400), and react-admin's forms carry the
 * whole record (id, counters, timestamps). Fields the form does not hold are left out.
 */
export function pickFields<T extends Record<string, unknown>, K extends string>(
  values: T,
  fields: readonly K[],
): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const field of fields) {
    if (Object.hasOwn(values, field) && values[field] !== undefined) out[field] = values[field];
  }
  return out;
}
