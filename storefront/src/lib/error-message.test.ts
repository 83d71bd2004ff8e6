import { describe, expect, it } from 'vitest';
import { normalizeApiError } from './api-error';
import { errorMessageKey } from './error-message';

const failure = (status: number, code?: string) =>
  normalizeApiError({ status, body: code ? { error: { code, message: 'x' } } : undefined });

describe('errorMessageKey', () => {
  it('names network failures', () => {
    expect(errorMessageKey(new TypeError('Failed to fetch'), 'product.add_failed')).toBe('errors.network_error');
    expect(errorMessageKey(failure(0), 'product.add_failed')).toBe('errors.network_error');
  });

  it('maps known error codes', () => {
    expect(errorMessageKey(failure(409, 'PRICE_CHANGED'), 'product.add_failed')).toBe('errors.price_changed');
    expect(errorMessageKey(failure(409, 'OUT_OF_STOCK'), 'product.add_failed')).toBe('errors.out_of_stock');
    expect(errorMessageKey(failure(409, 'OFFER_UNAVAILABLE'), 'checkout.topup_failed')).toBe('errors.offer_unavailable');
    expect(errorMessageKey(failure(429, 'RATE_LIMITED'), 'x')).toBe('errors.rate_limited');
    expect(errorMessageKey(failure(400, 'VALIDATION_FAILED'), 'x')).toBe('errors.validation_failed');
  });

  it('maps server failures by status', () => {
    expect(errorMessageKey(failure(500), 'x')).toBe('errors.server_error');
    expect(errorMessageKey(failure(503), 'x')).toBe('errors.service_unavailable');
    expect(errorMessageKey(failure(429), 'x')).toBe('errors.rate_limited');
  });

  it('falls back to the screen message otherwise', () => {
    expect(errorMessageKey(failure(404, 'NOT_FOUND'), 'product.add_failed')).toBe('product.add_failed');
    expect(errorMessageKey(failure(400), 'product.add_failed')).toBe('product.add_failed');
  });
});
