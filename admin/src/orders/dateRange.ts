import { storeDay } from '@topup/common';

/** The orders list's creation-date filter: `createdFrom` / `createdTo`, calendar dates, both inclusive. */
export interface CreatedRange {
  createdFrom?: string;
  createdTo?: string;
}

export const DATE_RANGE_PRESETS = ['today', 'yesterday', 'last7Days', 'thisMonth'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** A calendar day as `YYYY-MM-DD`; out-of-range days roll over (day 0 is the last of the month before). */
export function isoDay(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The filter values of a quick range, in store days (Moscow, as the API counts them) up to the one `now` falls on. */
export function presetRange(preset: DateRangePreset, now: Date = new Date()): Required<CreatedRange> {
  const [year, month, day] = storeDay(now);
  const today = isoDay(year, month, day);
  switch (preset) {
    case 'today':
      return { createdFrom: today, createdTo: today };
    case 'yesterday': {
      const yesterday = isoDay(year, month, day - 1);
      return { createdFrom: yesterday, createdTo: yesterday };
    }
    case 'last7Days':
      return { createdFrom: isoDay(year, month, day - 6), createdTo: today };
    case 'thisMonth':
      return { createdFrom: isoDay(year, month, 1), createdTo: today };
  }
}
