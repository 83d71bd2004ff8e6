import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { createFormat } from '../../../lib/format';
import {
  amountErrorOf,
  calculationRequest,
  formatSteamAmount,
  parseRequestKey,
  parseSteamAmount,
  requestKey,
  visibleQuote,
} from './amount';
import { calculationErrorKey } from './errors';
import { proceedBlocker, steamProceedState, type ProceedInput } from './proceed';
import { buildSteamTopupData, steamOfferName } from './topup-data';

describe('steamProceedState', () => {
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
    // Below the minimum of 1 or with more than 2 decimals: the server would refuse it, so it is never asked.
    expect(calculationRequest('0.5', 'usd', 'usd')).toBeNull();
    expect(calculationRequest('10.001', 'usd', 'usd')).toBeNull();
  });

  it('names the rule a typed amount breaks, nothing for an empty field', () => {
    expect(amountErrorOf('')).toBeNull();
    expect(amountErrorOf('1')).toBeNull();
    expect(amountErrorOf('0,5')).toBe('steam_amount_below_minimum');
    expect(amountErrorOf('0')).toBe('steam_amount_below_minimum');
    expect(amountErrorOf('20000000')).toBe('steam_amount_above_maximum');
    expect(amountErrorOf('1.999')).toBe('steam_amount_decimals');
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
    calculation: { amountInUSD: 10, commission: 0.3, amountInUserCurrency: 813.7, amountInRUB: 790 },
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

describe('calculationErrorKey', () => {
  const failure = (status: number, details?: unknown) => new ApiError({ code: 'X', message: 'x', status, details });

  it('maps 401, 400 (with the broken rule when named) and everything else', () => {
    expect(calculationErrorKey(failure(401))).toBe('steam.errors.login_required');
    expect(calculationErrorKey(failure(400))).toBe('steam.errors.invalid_amount');
    expect(calculationErrorKey(failure(400, [{ field: 'amount', message: 'steam_amount_below_minimum' }]))).toBe(
      'steam.errors.steam_amount_below_minimum',
    );
    expect(calculationErrorKey(failure(503))).toBe('steam.errors.calculation_failed');
    expect(calculationErrorKey(new Error('offline'))).toBe('steam.errors.calculation_failed');
  });
});

describe('buildSteamTopupData', () => {
  // 10 USD at 79 RUB/USD with 3 % commission: 10.30 USD in all, 813.70 RUB.
  const rubCalculation = { amountInUSD: 10, commission: 0.3, amountInUserCurrency: 813.7, amountInRUB: 790 };

  it('describes the top-up as the server prices it, paid in rubles', () => {
    expect(
      buildSteamTopupData({
        login: ' gaben ',
        amount: 10,
        inputCurrency: 'usd',
        balanceCurrency: 'rub',
        calculation: rubCalculation,
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

  it("takes price_rub as the server computed it, never re-rounded from rounded dollars", () => {
    const data = buildSteamTopupData({
      login: 'gaben',
      amount: 1000,
      inputCurrency: 'rub',
      balanceCurrency: 'usd',
      // 1000 RUB at 79: 12.658… USD (12.66 shown), and exactly 1000 RUB, not 12.66 x 79 = 1000.14.
      calculation: { amountInUSD: 12.66, commission: 0.38, amountInUserCurrency: 13.04, amountInRUB: 1000 },
    });
    expect(data).toMatchObject({ currency: 'usd', user_balance_currency: 'usd', price_usd: 12.66, price_rub: 1000, commission: 0.38, offer_name: 'Steam 1000 RUB' });
  });

  it('names the offer after the amount and its currency', () => {
    expect(steamOfferName(12.5, 'rub')).toBe('Steam 12.5 RUB');
  });
});
