import { describe, expect, it } from 'vitest';
import type { TopupData } from '@topup/common/api';
import { normalizeApiError } from '../../../lib/api-error';
import { MOBILE_LEGENDS_TOPUP } from '../../../testing/data';
import { isCalmFailure, paymentFailure, readShortfall, readTopupData, topupAccount, topupPayload, topupPrice } from './checkout';

const failure = (status: number, code?: string, details?: unknown, message = 'Server says no') =>
  normalizeApiError({ status, body: code ? { error: { code, message, details } } : undefined });

const freefire: TopupData = {
  service: 'freefire',
  login: null,
  player_id: '123456',
  offer_id: 101,
  offer_name: '100 Diamonds',
  price_usd: 1.99,
  price_rub: 157.21,
  input_currency: 'usd',
  currency: 'usd',
  commission: 0,
  image_url: '/images/freefire.svg',
};

const steam: TopupData = {
  service: 'steam',
  login: 'gabe_fan',
  player_id: 'gabe_fan',
  offer_id: 0,
  offer_name: 'Steam 10 USD',
  price_usd: 10,
  price_rub: 790,
  input_currency: 'usd',
  currency: 'rub',
  commission: 0.3,
  image_url: null,
  user_balance_currency: 'rub',
  amount: 10,
};

describe('readTopupData', () => {
  it('takes the top-up from navigation state', () => {
    expect(readTopupData({ topupData: freefire })).toBe(freefire);
  });

  it('takes the top-up of any game described as data: its slug, denomination and fields', () => {
    expect(readTopupData({ topupData: MOBILE_LEGENDS_TOPUP })).toBe(MOBILE_LEGENDS_TOPUP);
  });

  it('ignores anything else', () => {
    expect(readTopupData(null)).toBeNull();
    expect(readTopupData({ from: '/x' })).toBeNull();
    // Another game needs its fields and its denomination.
    expect(readTopupData({ topupData: { service: 'fortnite', price_usd: 1 } })).toBeNull();
    expect(readTopupData({ topupData: { ...MOBILE_LEGENDS_TOPUP, fields: undefined } })).toBeNull();
    expect(readTopupData({ topupData: { ...MOBILE_LEGENDS_TOPUP, service: 'Mobile Legends' } })).toBeNull();
    expect(readTopupData({ topupData: { service: 'pubg' } })).toBeNull();
  });
});

describe('topupPayload', () => {
  it('pays in the chosen currency and drops fields the server does not take', () => {
    const payload = topupPayload({ ...freefire, extra: 'x' } as TopupData, 'RUB');
    expect(payload.currency).toBe('rub');
    expect(payload).not.toHaveProperty('extra');
    expect(payload.offer_id).toBe(101);
  });

  it("sends a game's fields, which are the truth about its account", () => {
    expect(topupPayload(MOBILE_LEGENDS_TOPUP, 'USD')).toEqual({ ...MOBILE_LEGENDS_TOPUP, currency: 'usd' });
  });

  it('keeps a Steam top-up in the checkout currency', () => {
    expect(topupPayload(steam, 'USD')).toMatchObject({ currency: 'usd', user_balance_currency: 'usd', amount: 10 });
  });
});

describe('topupPrice', () => {
  it('is the price in the currency when there is no commission', () => {
    expect(topupPrice(freefire, 'USD')).toBe(1.99);
    expect(topupPrice(freefire, 'RUB')).toBe(157.21);
  });

  it("leaves a Steam total, commission included, to the server's calculation in either currency", () => {
    expect(topupPrice(steam, 'USD')).toBeNull();
    expect(topupPrice(steam, 'RUB')).toBeNull();
  });

  it('names the account', () => {
    expect(topupAccount(steam)).toBe('gabe_fan');
    expect(topupAccount(freefire)).toBe('123456');
  });
});

describe('paymentFailure', () => {
  it('reads the shortfall from an insufficient balance', () => {
    const error = failure(409, 'INSUFFICIENT_BALANCE', { required: 25.59, available: 3, currency: 'usd' });
    expect(paymentFailure(error, 'checkout.payment_failed')).toEqual({
      kind: 'shortfall',
      shortfall: { need: 25.59, have: 3, currency: 'USD' },
    });
    expect(readShortfall({ required: 'x' })).toBeNull();
  });

  it('names known conditions in the interface language', () => {
    expect(paymentFailure(failure(400, 'CART_EMPTY'), 'checkout.payment_failed')).toEqual({ kind: 'key', key: 'checkout.cart_empty_error' });
    expect(paymentFailure(failure(409, 'PRICE_CHANGED'), 'checkout.create_payment_failed')).toEqual({
      kind: 'key',
      key: 'checkout.total_changed',
    });
    expect(paymentFailure(failure(409, 'PRICE_CHANGED'), 'checkout.topup_failed')).toEqual({ kind: 'key', key: 'errors.price_changed' });
    expect(paymentFailure(failure(422, 'UNPROCESSABLE', { field: 'player_id' }), 'checkout.topup_failed')).toEqual({
      kind: 'key',
      key: 'checkout.account_not_found',
    });
    expect(paymentFailure(failure(0), 'checkout.payment_failed')).toEqual({ kind: 'key', key: 'errors.network_error' });
  });

  it('reads "still running" calmly, and a changed top-up price as a price change', () => {
    expect(paymentFailure(failure(409, 'IDEMPOTENCY_KEY_IN_USE'), 'checkout.create_payment_failed')).toEqual({
      kind: 'key',
      key: 'checkout.still_processing',
    });
    expect(isCalmFailure(paymentFailure(failure(409, 'IDEMPOTENCY_KEY_IN_USE'), 'checkout.payment_failed'))).toBe(true);
    expect(isCalmFailure(paymentFailure(failure(409, 'PRICE_CHANGED'), 'checkout.payment_failed'))).toBe(false);
    expect(paymentFailure(failure(422, 'IDEMPOTENCY_KEY_REUSED'), 'checkout.topup_failed')).toEqual({ kind: 'key', key: 'checkout.topup_failed' });
    expect(paymentFailure(failure(409, 'PRICE_CHANGED'), 'checkout.create_payment_failed', { topup: true })).toEqual({
      kind: 'key',
      key: 'errors.price_changed',
    });
  });

  it('names a gateway method that is gone and a refused receipt email', () => {
    expect(paymentFailure(failure(422, 'UNPROCESSABLE', { methods: ['card'] }), 'checkout.create_payment_failed')).toEqual({
      kind: 'key',
      key: 'checkout.method_unavailable',
    });
    expect(
      paymentFailure(failure(400, 'VALIDATION_FAILED', [{ field: 'email', message: 'is required' }]), 'checkout.create_payment_failed'),
    ).toEqual({ kind: 'key', key: 'checkout.email_invalid' });
  });

  it("shows the server's text for other refusals, else the call's fallback", () => {
    expect(paymentFailure(failure(404, 'NOT_FOUND', undefined, 'Cart item not found'), 'checkout.payment_failed')).toEqual({
      kind: 'text',
      text: 'Cart item not found',
    });
    expect(paymentFailure(failure(400), 'checkout.topup_failed')).toEqual({ kind: 'key', key: 'checkout.topup_failed' });
    expect(paymentFailure(new Error('boom'), 'checkout.create_payment_failed')).toEqual({ kind: 'key', key: 'errors.network_error' });
  });
});
