import { hasAtMostTwoDecimals, MIN_BALANCE_TOPUP } from '@topup/common';

/** The API's typo guard for one balance top-up (balance.schemas MAX_BALANCE_TOPUP). */
export const MAX_BALANCE_TOPUP = 1_000_000;

/**
 * The amount typed into the balance top-up dialog, or null when it is not a valid amount (a
 * number, at least 5). A decimal comma is accepted, as Russian and Uzbek write it.
 */
export function parseTopupAmount(input: string): number | null {
  const text = input.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount < MIN_BALANCE_TOPUP || amount > MAX_BALANCE_TOPUP) return null;
  return hasAtMostTwoDecimals(amount) ? amount : null;
}
