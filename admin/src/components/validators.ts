import { hasAtMostTwoDecimals } from '@topup/common';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * react-admin validator of a price input: a number, not negative, at most two decimals (the API
 * stores minor units). Empty values are left to `required()`.
 */
export function validatePrice(value: unknown): string | undefined {
  if (isEmpty(value)) return undefined;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) && amount >= 0 && hasAtMostTwoDecimals(amount) ? undefined : 'catalogue.validation.price';
}

/** react-admin validator of a whole positive number (game amounts, UC, item ids). Empty values are left to `required()`. */
export function validatePositiveInteger(value: unknown): string | undefined {
  if (isEmpty(value)) return undefined;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(amount) && amount > 0 ? undefined : 'catalogue.validation.positive_integer';
}
