import { useNumberFormat } from '../components/useNumberFormat';

/** A rate as the API accepts it: above 0, up to 12 digits before the point and 6 after. */
const RATE = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,6})?$/;

/**
 * A rate as typed, in the form the API takes: a decimal comma (as Russian writes "540,5") read as the
 * point, spaces between digit groups ("12 650") dropped.
 */
export function rateFromInput(value: unknown): string {
  return (typeof value === 'number' ? String(value) : String(value ?? '')).replace(/[\s\u00a0]/g, '').replace(',', '.');
}

/** react-admin validator of a rate input (a decimal string or number). Empty values are left to `required()`. */
export function validateRate(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = rateFromInput(value);
  if (!RATE.test(text)) return 'resources.currencyRates.validation.rate';
  return Number(text) > 0 ? undefined : 'resources.currencyRates.validation.rate';
}

/** How rates read: from 1 up, two decimals at least and the six stored at most ("79,00", "80,9834"); below 1 (inverses), six significant digits, so 1/12650 still reads ("0,0000790514"). */
export const RATE_FORMAT_OPTIONS = {
  large: { minimumFractionDigits: 2, maximumFractionDigits: 6 },
  small: { maximumSignificantDigits: 6 },
} as const satisfies Record<string, Intl.NumberFormatOptions>;

export type RateFormats = Record<keyof typeof RATE_FORMAT_OPTIONS, Intl.NumberFormat>;

/**
 * A rate's decimal string ("79.000000", "0.012658228") in the interface language: "79,00" in
 * Russian, "79.00" in English. The API's strings have at most 12 significant digits, so a number
 * holds them exactly enough for the six shown: no float noise.
 */
export function formatRate(rate: unknown, formats: RateFormats): string {
  const text = String(rate ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const value = Number(text);
  return (value >= 1 ? formats.large : formats.small).format(value);
}

/** formatRate in the admin's language. */
export function useRateFormat(): (rate: unknown) => string {
  const formats = { large: useNumberFormat(RATE_FORMAT_OPTIONS.large), small: useNumberFormat(RATE_FORMAT_OPTIONS.small) };
  return (rate) => formatRate(rate, formats);
}

/** 'usd' → 'USD'. */
export const currencyCode = (code: unknown) => String(code ?? '').toUpperCase();
