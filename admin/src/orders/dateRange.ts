/** The orders list's creation-date filter: `createdFrom` / `createdTo`, calendar dates, both inclusive. */
export interface CreatedRange {
  createdFrom?: string;
  createdTo?: string;
}

/**
 * The store's business day is a Moscow day: the API counts `createdFrom` / `createdTo` dates and the
 * dashboard's "today" in this time zone, so the quick ranges do too, wherever the admin sits.
 */
export const STORE_TIME_ZONE = 'Europe/Moscow';

export const DATE_RANGE_PRESETS = ['today', 'yesterday', 'last7Days', 'thisMonth'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

const storeDateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day an instant falls on in the store's time zone, as [year, month (1-12), day]. */
function storeDay(at: Date): [number, number, number] {
  const parts = Object.fromEntries(storeDateParts.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return [parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1];
}

/** A calendar day as `YYYY-MM-DD`; out-of-range days roll over (day 0 is the last of the month before). */
export function isoDay(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The filter values of a quick range, in store days up to the one `now` falls on. */
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
