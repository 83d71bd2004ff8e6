/**
 * The store keeps Moscow time for its business day: the Central Bank of Russia sets the day's
 * rates on Moscow time, the daily rate update runs at 09:00 there, and the dashboard's "today" is
 * a Moscow day. Timestamps themselves are stored in UTC (timestamptz) as everywhere else.
 */
export const STORE_TIME_ZONE = 'Europe/Moscow';

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) an instant falls on in the store's time zone. */
export function storeDate(at: Date): string {
  const parts = Object.fromEntries(dateParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
