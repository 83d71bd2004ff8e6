import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { createFormat } from '../../../lib/format';
import {
  calculationRequest,
  formatSteamAmount,
  parseRequestKey,
  parseSteamAmount,
  requestKey,
  visibleQuote,
} from './amount';
import { calculationErrorKey } from './errors';
import { proceedBlocker, steamProceedState, type ProceedInput } from './proceed';
import { buildSteamTopupData, steamOfferName, usdRubRateOf } from './topup-data';

describe('steamProceedState (spec section 2)', () => {
  const base: ProceedInput = {
    loggedIn: true,
    login: 'gaben',
    amount: 10,
    inputCurrency: 'usd',
    calculation: { amountInUserCurrency: 813.7, balanceCurrency: 'rub' },
    calculating: false,
    preparing: false,
  };

  it('invites a logged-out visitor to log in and stays clickable (it leads to /login)', () => {
    expect(steamProceedState({ ...base, loggedIn: false, calculation: null })).toEqual({ label: { kind: 'login' }, disabled: false, busy: false });
    expect(steamProceedState({ ...base, loggedIn: false, login: '', amount: null, calculation: null }).disabled).toBe(false);
  });

  it("says 'Proceed to Checkout' with the deducted amount and balance currency once calculated", () => {
    expect(steamProceedState(base)).toEqual({ label: { kind: 'checkout', amount: 813.7, currency: 'rub' }, disabled: false, busy: false });
  });

  it('shows the entered amount and currency while there is no calculation, disabled', () => {
    expect(steamProceedState({ ...base, inputCurrency: 'kzt', amount: 5000, calculation: null })).toEqual({
      label: { kind: 'amount', amount: 5000, currency: 'kzt' },
      disabled: true,
      busy: false,
    });
    expect(steamProceedState({ ...base, amount: null, calculation: null }).label).toEqual({ kind: 'amount', amount: null, currency: 'usd' });
  });

  it('is disabled without a login, without an amount or without a calculation', () => {
    expect(steamProceedState({ ...base, login: '  ' }).disabled).toBe(true);
    expect(steamProceedState({ ...base, amount: null }).disabled).toBe(true);
    expect(steamProceedState({ ...base, calculation: null }).disabled).toBe(true);
  });

  it('is busy and disabled while calculating or preparing checkout', () => {
    expect(steamProceedState({ ...base, calculating: true })).toMatchObject({ disabled: true, busy: true });
    expect(steamProceedState({ ...base, preparing: true })).toMatchObject({ disabled: true, busy: true });
    expect(steamProceedState({ ...base, loggedIn: false, preparing: true })).toMatchObject({ disabled: true, busy: true });
  });

  it('names what is missing when proceeding anyway', () => {
    expect(proceedBlocker({ loggedIn: false, login: 'gaben', amount: 10, hasCalculation: true })).toBe('login_required');
    expect(proceedBlocker({ loggedIn: true, login: '', amount: 10, hasCalculation: true })).toBe('login_and_amount');
    expect(proceedBlocker({ loggedIn: true, login: 'gaben', amount: null, hasCalculation: false })).toBe('login_and_amount');
    expect(proceedBlocker({ loggedIn: true, login: 'gaben', amount: 10, hasCalculation: false })).toBe('no_calculation');
    expect(proceedBlocker({ loggedIn: true, login: 'gaben', amount: 10, hasCalculation: true })).toBeNull();
  });
});

describe('Steam amount', () => {
  it('is a number above 0, else nothing to calculate', () => {
    expect(parseSteamAmount('10')).toBe(10);
    expect(parseSteamAmount(' 12.5 ')).toBe(12.5);
    expect(parseSteamAmount('12,5')).toBe(12.5);
    expect(parseSteamAmount('')).toBeNull();
    expect(parseSteamAmount('0')).toBeNull();
    expect(parseSteamAmount('-5')).toBeNull();
    expect(parseSteamAmount('abc')).toBeNull();
    expect(parseSteamAmount('Infinity')).toBeNull();
  });

  it('builds the calculation request from the inputs, none without a valid amount', () => {
    expect(calculationRequest('100', 'kzt', 'rub')).toEqual({ amount: 100, inputCurrency: 'kzt', userBalanceCurrency: 'rub' });
    expect(calculationRequest('0', 'usd', 'usd')).toBeNull();
  });

  it('keys a request as text and reads it back', () => {
    const request = { amount: 12.5, inputCurrency: 'rub' as const, userBalanceCurrency: 'usd' as const };
    expect(requestKey(null)).toBe('');
    expect(parseRequestKey(requestKey(request))).toEqual(request);
    expect(parseRequestKey('')).toBeNull();
    expect(parseRequestKey('10|eur|usd')).toBeNull();
    expect(parseRequestKey('10|usd|kzt')).toBeNull();
  });

  it('writes amounts in the input currency', () => {
    const en = createFormat('en');
    const ru = createFormat('ru');
    expect(formatSteamAmount(en, 10, 'usd')).toBe('$10.00');
    expect(formatSteamAmount(ru, 1000, 'rub')).toBe('1\u00a0000,00\u00a0₽');
    expect(formatSteamAmount(en, 5000, 'kzt')).toBe('5,000\u00a0₸');
  });
});

describe('visibleQuote', () => {
  const quote = {
    request: { amount: 10, inputCurrency: 'usd' as const, userBalanceCurrency: 'rub' as const },
    calculation: { amountInUSD: 10, commission: 0.3, amountInUserCurrency: 813.7 },
  };

  it('shows the calculation of the current inputs, exactly', () => {
    expect(visibleQuote(quote, quote.request)).toEqual({ quote, exact: true });
  });

  it('keeps showing it while a new amount is calculated, marked as not exact', () => {
    expect(visibleQuote(quote, { ...quote.request, amount: 20 })).toEqual({ quote, exact: false });
  });

  it('clears it when the input currency or the balance currency changes, or the amount is gone', () => {
    expect(visibleQuote(quote, { ...quote.request, inputCurrency: 'kzt' })).toBeNull();
    expect(visibleQuote(quote, { ...quote.request, userBalanceCurrency: 'usd' })).toBeNull();
    expect(visibleQuote(quote, null)).toBeNull();
    expect(visibleQuote(undefined, quote.request)).toBeNull();
  });
});

describe('calculationErrorKey (spec section 8)', () => {
  const failure = (status: number) => new ApiError({ code: 'X', message: 'x', status });

  it('maps 401, 400 and everything else', () => {
    expect(calculationErrorKey(failure(401))).toBe('steam.errors.login_required');
    expect(calculationErrorKey(failure(400))).toBe('steam.errors.invalid_amount');
    expect(calculationErrorKey(failure(503))).toBe('steam.errors.calculation_failed');
    expect(calculationErrorKey(new Error('offline'))).toBe('steam.errors.calculation_failed');
  });
});

describe('buildSteamTopupData (spec section 3)', () => {
  // 10 USD at 79 RUB/USD with 3 % commission: 10.30 USD in all, 813.70 RUB.
  const rubCalculation = { amountInUSD: 10, commission: 0.3, amountInUserCurrency: 813.7 };

  it('describes the top-up as the server prices it, paid in rubles', () => {
    expect(
      buildSteamTopupData({
        login: ' gaben ',
        amount: 10,
        inputCurrency: 'usd',
        balanceCurrency: 'rub',
        calculation: rubCalculation,
        rubCalculation,
      }),
    ).toEqual({
      service: 'steam',
      login: 'gaben',
      player_id: 'gaben',
      offer_id: 0,
      offer_name: 'Steam 10 USD',
      price_usd: 10,
      price_rub: 790,
      input_currency: 'usd',
      currency: 'rub',
      commission: 0.3,
      image_url: '/images/steam.svg',
      user_balance_currency: 'rub',
      amount: 10,
    });
  });

  it('reads the rate off the RUB calculation when paying in dollars', () => {
    const data = buildSteamTopupData({
      login: 'gaben',
      amount: 5000,
      inputCurrency: 'kzt',
      balanceCurrency: 'usd',
      // 5000 KZT at 0.0021 USD: 10.50 USD, commission 0.32 USD (0.315 rounded half up).
      calculation: { amountInUSD: 10.5, commission: 0.32, amountInUserCurrency: 10.82 },
      rubCalculation: { amountInUSD: 10.5, commission: 0.32, amountInUserCurrency: 854.78 },
    });
    expect(data.currency).toBe('usd');
    expect(data.user_balance_currency).toBe('usd');
    expect(data.price_usd).toBe(10.5);
    // 10.50 x 79 = 829.50.
    expect(data.price_rub).toBe(829.5);
    expect(data.offer_name).toBe('Steam 5000 KZT');
    expect(data.commission).toBe(0.32);
  });

  it('lands within a kopeck of the amount in rubles at the exact rate', () => {
    // A rate with decimals (92.4731): the RUB total is rounded, so the rate read back is not exact.
    for (const amountUsd of [1, 3.33, 17.77, 99.99, 1234.56]) {
      const commission = Math.round(amountUsd * 3) / 100;
      const totalRub = Math.round((amountUsd + commission) * 92.4731 * 100) / 100;
      const rate = usdRubRateOf({ amountInUSD: amountUsd, commission, amountInUserCurrency: totalRub });
      expect(rate).not.toBeNull();
      const data = buildSteamTopupData({
        login: 'gaben',
        amount: amountUsd,
        inputCurrency: 'usd',
        balanceCurrency: 'rub',
        calculation: { amountInUSD: amountUsd, commission, amountInUserCurrency: totalRub },
        rubCalculation: { amountInUSD: amountUsd, commission, amountInUserCurrency: totalRub },
      });
      const exactKopecks = Math.round(amountUsd * 92.4731 * 100);
      expect(Math.abs(Math.round(data.price_rub * 100) - exactKopecks)).toBeLessThanOrEqual(1);
    }
  });

  it('cannot read a rate from an empty calculation', () => {
    expect(usdRubRateOf({ amountInUSD: 0, commission: 0, amountInUserCurrency: 0 })).toBeNull();
    expect(() =>
      buildSteamTopupData({
        login: 'gaben',
        amount: 1,
        inputCurrency: 'usd',
        balanceCurrency: 'usd',
        calculation: rubCalculation,
        rubCalculation: { amountInUSD: 0, commission: 0, amountInUserCurrency: 0 },
      }),
    ).toThrow(RangeError);
  });

  it('names the offer after the amount and its currency', () => {
    expect(steamOfferName(12.5, 'rub')).toBe('Steam 12.5 RUB');
  });
});
