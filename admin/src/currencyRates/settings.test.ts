import { describe, expect, it } from 'vitest';
import { settingsChanges } from './settings';

describe('settingsChanges', () => {
  const previous = { steamCommissionPercent: 3, ratesAutoUpdate: true };

  it('sends only what changed', () => {
    expect(settingsChanges(previous, { steamCommissionPercent: 3, ratesAutoUpdate: true })).toEqual({});
    expect(settingsChanges(previous, { steamCommissionPercent: 4.5, ratesAutoUpdate: true })).toEqual({ steamCommissionPercent: 4.5 });
    expect(settingsChanges(previous, { steamCommissionPercent: '3', ratesAutoUpdate: false })).toEqual({ ratesAutoUpdate: false });
  });

  it('ignores an empty commission (the required validator reports it)', () => {
    expect(settingsChanges(previous, { steamCommissionPercent: '', ratesAutoUpdate: true })).toEqual({});
    expect(settingsChanges(previous, { steamCommissionPercent: null, ratesAutoUpdate: true })).toEqual({});
  });
});
