import { describe, expect, it } from 'vitest';
import { normalizeApiError } from './api-error';
import { cartFailureReason } from './cart-failure';

const failure = (status: number, code?: string) =>
  normalizeApiError({ status, body: code ? { error: { code, message: 'x' } } : undefined });

describe('cartFailureReason', () => {
  it("gives the server's reason for a refused cart change", () => {
    expect(cartFailureReason(failure(0))).toBe('network');
    expect(cartFailureReason(new TypeError('Failed to fetch'))).toBe('network');
    expect(cartFailureReason(failure(409, 'OUT_OF_STOCK'))).toBe('out_of_stock');
    expect(cartFailureReason(failure(404, 'NOT_FOUND'))).toBe('not_found');
    expect(cartFailureReason(failure(429, 'RATE_LIMITED'))).toBe('rate_limited');
    expect(cartFailureReason(failure(503, 'SERVICE_UNAVAILABLE'))).toBe('unavailable');
    expect(cartFailureReason(failure(500, 'INTERNAL_ERROR'))).toBe('server');
    expect(cartFailureReason(failure(400, 'VALIDATION_FAILED'))).toBe('refused');
  });
});
