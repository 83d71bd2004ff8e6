import { toApiError } from '../../../lib/api-error';

export type CalculationErrorKey = 'steam.errors.login_required' | 'steam.errors.invalid_amount' | 'steam.errors.calculation_failed';

/** A failed calculation (spec section 8): 401 needs a login, 400 is a bad amount, anything else a failure. */
export function calculationErrorKey(error: unknown): CalculationErrorKey {
  const status = toApiError(error).status;
  if (status === 401) return 'steam.errors.login_required';
  if (status === 400) return 'steam.errors.invalid_amount';
  return 'steam.errors.calculation_failed';
}
