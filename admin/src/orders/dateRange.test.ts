import { describe, expect, it } from 'vitest';
import { isoDay, presetRange } from './dateRange';

describe('isoDay', () => {
  it('writes a calendar day with zero padding and rolls over month and year ends', () => {
    expect(isoDay(2026, 1, 5)).toBe('2026-01-05');
    expect(isoDay(2026, 3, 0)).toBe('2026-02-28');
    expect(isoDay(2026, 1, -5)).toBe('2025-12-26');
  });
});

describe('presetRange', () => {
  // 3 March 2026, 12:30 UTC = 15:30 in Moscow.
  const now = new Date('2026-03-03T12:30:00Z');

  it('builds inclusive from/to dates for each quick range', () => {
    expect(presetRange('today', now)).toEqual({ createdFrom: '2026-03-03', createdTo: '2026-03-03' });
    expect(presetRange('yesterday', now)).toEqual({ createdFrom: '2026-03-02', createdTo: '2026-03-02' });
    expect(presetRange('last7Days', now)).toEqual({ createdFrom: '2026-02-25', createdTo: '2026-03-03' });
    expect(presetRange('thisMonth', now)).toEqual({ createdFrom: '2026-03-01', createdTo: '2026-03-03' });
  });

  it('counts days in the store time zone (Moscow), not UTC', () => {
    // 22:30 UTC on 31 December is already 1 January in Moscow.
    const newYear = new Date('2025-12-31T22:30:00Z');
    expect(presetRange('today', newYear)).toEqual({ createdFrom: '2026-01-01', createdTo: '2026-01-01' });
    expect(presetRange('yesterday', newYear)).toEqual({ createdFrom: '2025-12-31', createdTo: '2025-12-31' });
    expect(presetRange('last7Days', newYear)).toEqual({ createdFrom: '2025-12-26', createdTo: '2026-01-01' });
  });
});
