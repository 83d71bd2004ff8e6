import { pickFields } from '../components/payload';
import { validatePositiveInteger, validatePrice } from '../components/validators';

/** Every one of these must be filled, else the form says "Please fill in all required fields". */
export const FREEFIRE_REQUIRED_FIELDS = ['name', 'item_id', 'price', 'price_rub', 'game_amount'] as const;

export const FREEFIRE_FIELDS = [...FREEFIRE_REQUIRED_FIELDS, 'translations', 'is_active'] as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The form's rule: each empty required field is marked with the one message the specification
 * gives; filled fields are checked for their kind (whole numbers, prices).
 */
export function validateFreefireDenomination(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of FREEFIRE_REQUIRED_FIELDS) {
    if (isBlank(values[field])) errors[field] = 'resources.freefireCodes.validation.required_fields';
  }
  const checks: Array<[string, (value: unknown) => string | undefined]> = [
    ['item_id', validatePositiveInteger],
    ['game_amount', validatePositiveInteger],
    ['price', validatePrice],
    ['price_rub', validatePrice],
  ];
  for (const [field, check] of checks) {
    const problem = errors[field] ? undefined : check(values[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** What create and update send: the specification's fields only, the name trimmed. */
export function freefirePayload(values: Record<string, unknown>) {
  const payload = pickFields(values, FREEFIRE_FIELDS);
  if (typeof payload.name === 'string') payload.name = payload.name.trim();
  return payload;
}
