import { describe, expect, it } from 'vitest';
import { chargedAmount, isValidEmail, methodState, startingMethod, usableMethod } from './payment';

const sandbox = { methods: ['balance', 'card', 'sbp'] as const };
const cardOnly = { methods: ['balance', 'card'] as const };
const balanceOnly = { methods: ['balance'] as const };

describe('methodState', () => {
  it('offers what the gateway takes, for cart orders and top-ups alike', () => {
    expect(methodState('balance', undefined)).toBe('available');
    expect(methodState('card', { methods: [...sandbox.methods] })).toBe('available');
    expect(methodState('sbp', { methods: [...sandbox.methods] })).toBe('available');
  });

  it('reads SBP as coming soon only when the gateway does not offer it', () => {
    expect(methodState('sbp', { methods: [...cardOnly.methods] })).toBe('coming_soon');
    expect(methodState('card', { methods: [...balanceOnly.methods] })).toBe('unavailable');
  });

  it('waits for the methods, and offers only the balance when they cannot be loaded', () => {
    expect(methodState('card', undefined)).toBe('loading');
    expect(methodState('card', undefined, true)).toBe('unavailable');
    expect(methodState('balance', undefined, true)).toBe('available');
  });

  it('falls back to the balance when the chosen method cannot be used', () => {
    expect(usableMethod('sbp', { methods: [...cardOnly.methods] })).toBe('balance');
    expect(usableMethod('card', undefined)).toBe('balance');
    expect(usableMethod('sbp', { methods: [...sandbox.methods] })).toBe('sbp');
  });
});

describe('startingMethod', () => {
  it('starts with the balance when it covers the total, or while either is unknown', () => {
    expect(startingMethod(540, 540, { methods: [...sandbox.methods] })).toBe('balance');
    expect(startingMethod(null, 0, { methods: [...sandbox.methods] })).toBe('balance');
    expect(startingMethod(540, undefined, { methods: [...sandbox.methods] })).toBe('balance');
  });

  it('starts with a gateway method that can pay when the balance falls short', () => {
    expect(startingMethod(540, 0, { methods: [...sandbox.methods] })).toBe('card');
    expect(startingMethod(540, 539.99, { methods: ['balance', 'sbp'] })).toBe('sbp');
    expect(startingMethod(540, 0, { methods: [...balanceOnly.methods] })).toBe('balance');
    expect(startingMethod(540, 0, undefined)).toBe('balance');
  });
});

describe('chargedAmount', () => {
  const yookassa = { charge_currency: 'rub' as const, rate_usd_rub: '79' };

  it('is nothing to show when the gateway charges the chosen currency', () => {
    expect(chargedAmount(20, 'USD', { charge_currency: null, rate_usd_rub: '79' })).toBeNull();
    expect(chargedAmount(1580, 'RUB', yookassa)).toBeNull();
    expect(chargedAmount(20, 'USD', undefined)).toBeNull();
    expect(chargedAmount(null, 'USD', yookassa)).toBeNull();
  });

  it('converts a USD total to rubles at the rate, rounding half up to kopecks', () => {
    expect(chargedAmount(20, 'USD', yookassa)).toEqual({ amount: 1580, currency: 'RUB' });
    // 10.98 x 79.1234 = 868.774932 -> 868.77; 0.01 x 78.5 = 0.785 -> 0.79 (half up)
    expect(chargedAmount(10.98, 'USD', { charge_currency: 'rub', rate_usd_rub: '79.1234' })).toEqual({ amount: 868.77, currency: 'RUB' });
    expect(chargedAmount(0.01, 'USD', { charge_currency: 'rub', rate_usd_rub: '78.5' })).toEqual({ amount: 0.79, currency: 'RUB' });
  });

  it('shows nothing it cannot compute as the server does', () => {
    expect(chargedAmount(20, 'USD', { charge_currency: 'rub', rate_usd_rub: null })).toBeNull();
    expect(chargedAmount(20, 'USD', { charge_currency: 'rub', rate_usd_rub: 'abc' })).toBeNull();
    expect(chargedAmount(1580, 'RUB', { charge_currency: 'usd', rate_usd_rub: '79' })).toBeNull();
  });
});

describe('isValidEmail', () => {
  it('takes addresses the API accepts', () => {
    expect(isValidEmail('name@example.com')).toBe(true);
    expect(isValidEmail('  first.last+tag@mail.example.ru ')).toBe(true);
  });

  it('refuses the rest', () => {
    for (const bad of ['', 'name', 'name@', '@example.com', 'name@example', 'na me@example.com', 'name@exa mple.com', `${'a'.repeat(250)}@x.ru`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
