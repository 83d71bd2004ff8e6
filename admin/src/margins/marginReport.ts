/** The report page's address in the back office, and the API's. */
export const MARGIN_REPORT_PATH = '/reports/margins';
export const MARGIN_REPORT_URL = '/api/admin/reports/margins';

/** A day as the report's inputs and the API take it: YYYY-MM-DD of the browser's calendar. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The range the page opens on: the current month up to today. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: isoDay(now) };
}

/** The report's query string for a range. */
export const rangeQuery = (range: { from: string; to: string }) => new URLSearchParams(range).toString();
