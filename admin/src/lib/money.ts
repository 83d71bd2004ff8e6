import { formatAmount } from '@topup/common';

/** An amount as the API sends it (a number or a decimal string); anything else is null. */
export function parseAmount(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

/**
 * Money as the back office shows it, as on the storefront: "4.99" in "usd" → "$4.99", "1 234,50 ₽"
 * whatever the interface language; an unknown currency code still gets its code; no amount gives "—".
 */
export function formatMoney(amount: unknown, currency: string | null | undefined): string {
  const value = parseAmount(amount);
  return value === null ? '—' : formatAmount(value, currency ?? '');
}

/** A price in both store currencies, as list lines show it: "$4.99 · 394,21 ₽". */
export function formatPrices(usd: unknown, rub: unknown): string {
  return `${formatMoney(usd, 'USD')} · ${formatMoney(rub, 'RUB')}`;
}
