/** A rate as the API accepts it: above 0, up to 12 digits before the point and 6 after. */
const RATE = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,6})?$/;

/** react-admin validator of a rate input (a decimal string or number). Empty values are left to `required()`. */
export function validateRate(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  if (!RATE.test(text)) return 'resources.currencyRates.validation.rate';
  return Number(text) > 0 ? undefined : 'resources.currencyRates.validation.rate';
}

/** "79.000000" → "79", "0.012650" → "0.01265": the stored six decimals without trailing zeros. */
export function formatRate(rate: unknown): string {
  const text = String(rate ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** 'usd' → 'USD'. */
export const currencyCode = (code: unknown) => String(code ?? '').toUpperCase();
