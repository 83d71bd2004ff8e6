import { describe, expect, it } from 'vitest';
import { settingsChanges } from './settings';

describe('settingsChanges', () => {
  const previous = { steamCommissionPercent: 3, ratesAutoUpdate: true, rateChangeConfirmPercent: 10, failedCardTopupRefundTo: 'balance' as const };

  it('sends only what changed', () => {
    expect(settingsChanges(previous, { steamCommissionPercent: 3, ratesAutoUpdate: true })).toEqual({});
    expect(settingsChanges(previous, { steamCommissionPercent: 4.5, ratesAutoUpdate: true })).toEqual({ steamCommissionPercent: 4.5 });
    expect(settingsChanges(previous, { steamCommissionPercent: '3', ratesAutoUpdate: false })).toEqual({ ratesAutoUpdate: false });
    expect(settingsChanges(previous, { rateChangeConfirmPercent: '25' })).toEqual({ rateChangeConfirmPercent: 25 });
    expect(settingsChanges(previous, { rateChangeConfirmPercent: '' })).toEqual({});
  });

  it('sends where failed card top-ups are refunded, when it changed to a known place', () => {
    expect(settingsChanges(previous, { ...previous, failedCardTopupRefundTo: 'card' })).toEqual({ failedCardTopupRefundTo: 'card' });
    expect(settingsChanges(previous, { ...previous, failedCardTopupRefundTo: 'balance' })).toEqual({});
    expect(settingsChanges(previous, { ...previous, failedCardTopupRefundTo: 'wallet' })).toEqual({});
    expect(settingsChanges(previous, { steamCommissionPercent: 3, ratesAutoUpdate: true })).toEqual({});
  });

  it('ignores an empty commission (the required validator reports it)', () => {
    expect(settingsChanges(previous, { steamCommissionPercent: '', ratesAutoUpdate: true })).toEqual({});
    expect(settingsChanges(previous, { steamCommissionPercent: null, ratesAutoUpdate: true })).toEqual({});
  });
});
