import { describe, expect, it } from 'vitest';
import type { PaymentMethods } from '@topup/common/api';
import { chargedAmount, isValidEmail, methodState, startingMethod, usableMethod } from './payment';

type Offer = PaymentMethods['gateways'][number];
const gateway = (provider: string, methods: Offer['methods'], currencies: Offer['currencies']): Offer => ({
  provider,
  methods,
  currencies,
  charge_currency: null,
  receipt_email_required: false,
  refunds_to_card: provider !== 'payme',
});
/** What GET /payment/methods answers for these gateways. */
const offering = (...gateways: Offer[]): Pick<PaymentMethods, 'methods' | 'gateways'> => ({
  methods: ['balance', ...new Set(gateways.flatMap((offer) => offer.methods))],
  gateways,
});
const sandbox = offering(gateway('sandbox', ['card', 'sbp'], ['usd', 'rub', 'uzs']));
const cardOnly = offering(gateway('yookassa', ['card'], ['usd', 'rub']));
const balanceOnly = offering();
const yookassaAndPayme = offering(gateway('yookassa', ['card', 'sbp'], ['usd', 'rub']), gateway('payme', ['payme'], ['uzs']));

describe('methodState', () => {
  it('offers what a gateway takes for the currency, for cart orders and top-ups alike', () => {
    expect(methodState('balance', 'RUB', undefined)).toBe('available');
    expect(methodState('card', 'USD', sandbox)).toBe('available');
    expect(methodState('sbp', 'RUB', sandbox)).toBe('available');
    expect(methodState('payme', 'UZS', yookassaAndPayme)).toBe('available');
  });

  it('offers no balance for sums, and a gateway method only for the currencies its gateway takes', () => {
    expect(methodState('balance', 'UZS', yookassaAndPayme)).toBe('unavailable');
    expect(methodState('card', 'UZS', yookassaAndPayme)).toBe('unavailable');
    expect(methodState('payme', 'RUB', yookassaAndPayme)).toBe('unavailable');
    expect(methodState('card', 'UZS', sandbox)).toBe('available');
  });

  it('reads SBP as coming soon only when no gateway offers it', () => {
    expect(methodState('sbp', 'RUB', cardOnly)).toBe('coming_soon');
    expect(methodState('sbp', 'UZS', yookassaAndPayme)).toBe('unavailable');
    expect(methodState('card', 'RUB', balanceOnly)).toBe('unavailable');
  });

  it('waits for the methods, and offers only the balance when they cannot be loaded', () => {
    expect(methodState('card', 'RUB', undefined)).toBe('loading');
    expect(methodState('card', 'RUB', undefined, true)).toBe('unavailable');
    expect(methodState('balance', 'RUB', undefined, true)).toBe('available');
  });

  it('falls back to the balance, or for sums to a gateway that takes them, when the chosen method cannot be used', () => {
    expect(usableMethod('sbp', 'RUB', cardOnly)).toBe('balance');
    expect(usableMethod('card', 'RUB', undefined)).toBe('balance');
    expect(usableMethod('sbp', 'RUB', sandbox)).toBe('sbp');
    expect(usableMethod('balance', 'UZS', yookassaAndPayme)).toBe('payme');
    expect(usableMethod('card', 'UZS', yookassaAndPayme)).toBe('payme');
  });
});

describe('startingMethod', () => {
  it('starts with the balance when it covers the total, or while either is unknown', () => {
    expect(startingMethod(540, 540, 'RUB', sandbox)).toBe('balance');
    expect(startingMethod(null, 0, 'RUB', sandbox)).toBe('balance');
    expect(startingMethod(540, undefined, 'RUB', sandbox)).toBe('balance');
  });

  it('starts with a gateway method that can pay when the balance falls short, and always for sums', () => {
    expect(startingMethod(540, 0, 'RUB', sandbox)).toBe('card');
    expect(startingMethod(540, 539.99, 'RUB', offering(gateway('sandbox', ['sbp'], ['rub'])))).toBe('sbp');
    expect(startingMethod(540, 0, 'RUB', balanceOnly)).toBe('balance');
    expect(startingMethod(540, 0, 'RUB', undefined)).toBe('balance');
    expect(startingMethod(126_500, undefined, 'UZS', yookassaAndPayme)).toBe('payme');
    expect(startingMethod(126_500, undefined, 'UZS', sandbox)).toBe('card');
  });
});

describe('chargedAmount', () => {
  const yookassa = { charge_currency: 'rub' as const };
  const rate = { rate_usd_rub: '79' };

  it('is nothing to show when the gateway charges the chosen currency', () => {
    expect(chargedAmount(20, 'USD', { charge_currency: null }, rate)).toBeNull();
    expect(chargedAmount(1580, 'RUB', yookassa, rate)).toBeNull();
    expect(chargedAmount(20, 'USD', undefined, rate)).toBeNull();
    expect(chargedAmount(null, 'USD', yookassa, rate)).toBeNull();
    expect(chargedAmount(126_500, 'UZS', { charge_currency: null }, rate)).toBeNull();
  });

  it('converts a USD total to rubles at the rate, rounding half up to kopecks', () => {
    expect(chargedAmount(20, 'USD', yookassa, rate)).toEqual({ amount: 1580, currency: 'RUB' });
    // 10.98 x 79.1234 = 868.774932 -> 868.77; 0.01 x 78.5 = 0.785 -> 0.79 (half up)
    expect(chargedAmount(10.98, 'USD', yookassa, { rate_usd_rub: '79.1234' })).toEqual({ amount: 868.77, currency: 'RUB' });
    expect(chargedAmount(0.01, 'USD', yookassa, { rate_usd_rub: '78.5' })).toEqual({ amount: 0.79, currency: 'RUB' });
  });

  it('shows nothing it cannot compute as the server does', () => {
    expect(chargedAmount(20, 'USD', yookassa, { rate_usd_rub: null })).toBeNull();
    expect(chargedAmount(20, 'USD', yookassa, { rate_usd_rub: 'abc' })).toBeNull();
    expect(chargedAmount(1580, 'RUB', { charge_currency: 'usd' }, rate)).toBeNull();
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
