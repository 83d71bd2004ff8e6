import { pickFields } from '../components/payload';

/** What the form may send on a create; an edit sends the same less the code, which never changes. */
export const PROMO_CODE_FIELDS = [
  'code',
  'discountType',
  'discountValue',
  'currency',
  'scope',
  'scopeIds',
  'minOrder',
  'validFrom',
  'validTo',
  'usageLimit',
  'perUserLimit',
  'active',
] as const;

export const PROMO_CODE_DEFAULTS = { discountType: 'percent', scope: 'all', scopeIds: [], currency: null, active: true };

/** "3, 7 12" as ids; anything that is not a whole number is dropped. */
export function parseIds(text: unknown): number[] {
  if (Array.isArray(text)) return text.map(Number).filter(Number.isSafeInteger);
  return String(text ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

const moment = (value: unknown) => (value === undefined || value === null || value === '' ? null : new Date(String(value)).toISOString());
const orNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/** The form's values as the API takes them: only its fields, empty inputs as null, dates as ISO moments. */
export function promoCodePayload(values: Record<string, unknown>, options: { edit?: boolean } = {}) {
  const fields = pickFields(values, PROMO_CODE_FIELDS);
  const payload: Record<string, unknown> = {
    ...fields,
    currency: orNull(fields.currency),
    scopeIds: parseIds(fields.scopeIds),
    minOrder: orNull(fields.minOrder),
    usageLimit: orNull(fields.usageLimit),
    perUserLimit: orNull(fields.perUserLimit),
    validFrom: moment(fields.validFrom),
    validTo: moment(fields.validTo),
  };
  if (options.edit) delete payload.code;
  return payload;
}
