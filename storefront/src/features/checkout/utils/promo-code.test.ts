import { ErrorCode } from '@topup/common';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { enteredCode, promoRefusalOf, readPromoCheck } from './promo-code';

describe('promo codes at checkout', () => {
  test('a preview reads as applied, or as refused with its reason and minimum', () => {
    expect(readPromoCheck({ valid: true, code: 'SPRING10', subtotal: 20, discount: 2, total: 18, currency: 'usd' })).toEqual({
      applied: { code: 'SPRING10', discount: 2, total: 18 },
    });
    expect(readPromoCheck({ valid: false, reason: 'min_order', minOrder: 50, subtotal: 20, discount: 0, total: 20, currency: 'usd' })).toEqual({
      refusal: { reason: 'min_order', minOrder: 50 },
    });
  });

  test('a checkout call refused for the code names the reason; other failures are not the code\'s', () => {
    const refused = new ApiError({ code: ErrorCode.PROMO_CODE_INVALID, message: 'used up', details: { reason: 'used_up' }, status: 422 });
    expect(promoRefusalOf(refused)).toEqual({ reason: 'used_up' });
    expect(promoRefusalOf(new ApiError({ code: ErrorCode.PROMO_CODE_INVALID, message: 'x', details: { reason: 'bogus' }, status: 422 }))).toEqual({ reason: 'not_found' });
    expect(promoRefusalOf(new ApiError({ code: ErrorCode.OUT_OF_STOCK, message: 'x', status: 409 }))).toBeNull();
  });

  test('an entered code is trimmed; an empty one is none', () => {
    expect(enteredCode('  spring10 ')).toBe('spring10');
    expect(enteredCode('   ')).toBeNull();
  });
});
