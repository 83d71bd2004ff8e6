import { describe, expect, it } from 'vitest';
import { normalizeApiError } from './api-error';
import {
  createAttemptKeys,
  idempotencyHeaders,
  isDefiniteAnswer,
  isKeyInUse,
  moneyRetryDelay,
  newIdempotencyKey,
  requestScope,
  retryMoneyCall,
} from './idempotency';

const failure = (status: number, code?: string) => normalizeApiError({ status, body: code ? { error: { code, message: 'x' } } : undefined });

/** Keys k1, k2, ... so a test can tell which attempt a key belongs to. */
function counter() {
  let n = 0;
  return () => `k${++n}`;
}

describe('attempt keys', () => {
  it('keeps one key for the retries of the same request', () => {
    const keys = createAttemptKeys(counter());
    const scope = requestScope('/payment/create', { type: 'order', amount: 10, currency: 'usd', method: 'card' });
    expect(keys.keyFor(scope)).toBe('k1');
    // A double click, or a retry after a lost answer: the same key, so the server charges once.
    expect(keys.keyFor(scope)).toBe('k1');
    keys.settle(failure(0));
    expect(keys.keyFor(scope)).toBe('k1');
    keys.settle(failure(503, 'SERVICE_UNAVAILABLE'));
    expect(keys.keyFor(scope)).toBe('k1');
    keys.settle(failure(409, 'IDEMPOTENCY_KEY_IN_USE'));
    expect(keys.current).toBe('k1');
  });

  it('starts a new attempt once the request changes (cart, top-up, currency, method)', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor(requestScope('/orders/topup', { currency: 'usd' }))).toBe('k1');
    expect(keys.keyFor(requestScope('/orders/topup', { currency: 'rub' }))).toBe('k2');
    expect(keys.keyFor(requestScope('/payment/from-balance', { currency: 'rub' }, [[1, 2]]))).toBe('k3');
    expect(keys.keyFor(requestScope('/payment/from-balance', { currency: 'rub' }, [[1, 3]]))).toBe('k4');
    keys.reset();
    expect(keys.current).toBeNull();
    expect(keys.keyFor(requestScope('/payment/from-balance', { currency: 'rub' }, [[1, 3]]))).toBe('k5');
  });

  it('ends the attempt after a definite answer, so the next click is a new payment', () => {
    const keys = createAttemptKeys(counter());
    const scope = requestScope('/payment/from-balance', { currency: 'usd' });
    keys.keyFor(scope);
    // Refused (e.g. not enough money): the server would replay the refusal for the same key.
    keys.settle(failure(409, 'INSUFFICIENT_BALANCE'));
    expect(keys.keyFor(scope)).toBe('k2');
    keys.settle(null);
    expect(keys.current).toBeNull();
    expect(keys.keyFor(scope)).toBe('k3');
  });
});

describe('answers', () => {
  it('tells open answers from final ones', () => {
    expect(isDefiniteAnswer(null)).toBe(true);
    expect(isDefiniteAnswer(failure(422, 'IDEMPOTENCY_KEY_REUSED'))).toBe(true);
    expect(isDefiniteAnswer(failure(400, 'VALIDATION_FAILED'))).toBe(true);
    expect(isDefiniteAnswer(failure(0))).toBe(false);
    expect(isDefiniteAnswer(failure(500))).toBe(false);
    expect(isDefiniteAnswer(failure(429, 'RATE_LIMITED'))).toBe(false);
    expect(isDefiniteAnswer(failure(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBe(false);
    expect(isKeyInUse(failure(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBe(true);
    expect(isKeyInUse(failure(409, 'PRICE_CHANGED'))).toBe(false);
  });

  it('retries a money call once, only when the answer is open, waiting longer for "still running"', () => {
    expect(retryMoneyCall(0, failure(0))).toBe(true);
    expect(retryMoneyCall(0, failure(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBe(true);
    expect(retryMoneyCall(1, failure(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBe(false);
    expect(retryMoneyCall(0, failure(409, 'INSUFFICIENT_BALANCE'))).toBe(false);
    expect(moneyRetryDelay(0, failure(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBeGreaterThan(moneyRetryDelay(0, failure(0)));
  });

  it('makes random keys and sends them in the Idempotency-Key header', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\x20-\x7e]{16,255}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    expect(idempotencyHeaders(a)).toEqual({ 'Idempotency-Key': a });
  });
});
