/**
 * The store keeps Moscow time for its business day: the Central Bank of Russia sets the day's
 * rates on Moscow time, the daily rate update runs at 09:00 there, and the dashboard's "today" and
 * the back office's date filters are Moscow days. Timestamps themselves are stored in UTC.
 */
export const STORE_TIME_ZONE = 'Europe/Moscow';

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day an instant falls on in the store's time zone, as [year, month (1-12), day]. */
export function storeDay(at: Date): [year: number, month: number, day: number] {
  const parts = Object.fromEntries(dateParts.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return [parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1];
}

/** The calendar date (YYYY-MM-DD) an instant falls on in the store's time zone. */
export function storeDate(at: Date): string {
  const [year, month, day] = storeDay(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}
