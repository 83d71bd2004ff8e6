import { OPTIONS_PAGE_SIZE } from '@topup/common';

/** Pages needed for `total` items (at least 1, so an empty grid still has a page 0). */
export function pageCount(total: number, pageSize = OPTIONS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page clamped to the valid range (0-based). */
export function clampPage(page: number, total: number, pageSize = OPTIONS_PAGE_SIZE): number {
  const last = pageCount(total, pageSize) - 1;
  return Math.min(Math.max(0, Math.trunc(page) || 0), last);
}

/** The items of one page (0-based), the page clamped to the valid range. */
export function pageItems<T>(items: readonly T[], page: number, pageSize = OPTIONS_PAGE_SIZE): T[] {
  const current = clampPage(page, items.length, pageSize);
  return items.slice(current * pageSize, current * pageSize + pageSize);
}

