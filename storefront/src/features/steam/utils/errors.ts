import { toApiError } from '../../../lib/api-error';

export type CalculationErrorKey =
  | 'steam.errors.login_required'
  | 'steam.errors.invalid_amount'
  | 'steam.errors.steam_amount_below_minimum'
  | 'steam.errors.steam_amount_above_maximum'
  | 'steam.errors.steam_amount_decimals'
  | 'steam.errors.calculation_failed';

const AMOUNT_RULES = ['steam_amount_below_minimum', 'steam_amount_above_maximum', 'steam_amount_decimals'] as const;

/**
 * A failed calculation: 401 needs a login, 400 is a bad amount (the broken rule when
 * the server names it), anything else a failure.
 */
export function calculationErrorKey(error: unknown): CalculationErrorKey {
  const apiError = toApiError(error);
  if (apiError.status === 401) return 'steam.errors.login_required';
  if (apiError.status !== 400) return 'steam.errors.calculation_failed';
  const details = Array.isArray(apiError.details) ? (apiError.details as Array<{ message?: unknown }>) : [];
  const rule = AMOUNT_RULES.find((key) => details.some((detail) => detail.message === key));
  return rule ? `steam.errors.${rule}` : 'steam.errors.invalid_amount';
}
