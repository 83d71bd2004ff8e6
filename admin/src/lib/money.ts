/**
 * Money as the back office shows it: each currency written the way its own users write it
 * ("$1,234.50", "1 234,50 ₽"), whatever the interface language, as on the storefront.
 */
const MONEY_LOCALES: Record<string, string> = { USD: 'en-US', RUB: 'ru-RU', KZT: 'ru-RU', UZS: 'ru-RU' };

/** An amount as the API sends it (a number or a decimal string); anything else is null. */
export function parseAmount(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

/** "4.99" in "usd" → "$4.99"; an unknown currency code still gets its code; no amount gives "—". */
export function formatMoney(amount: unknown, currency: string | null | undefined): string {
  const value = parseAmount(amount);
  if (value === null) return '—';
  const code = String(currency ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return value.toFixed(2);
  try {
    return new Intl.NumberFormat(MONEY_LOCALES[code] ?? 'en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    return `${value.toFixed(2)} ${code}`;
  }
}

/** A price in both store currencies, as list lines show it: "$4.99 · 394,21 ₽". */
export function formatPrices(usd: unknown, rub: unknown): string {
  return `${formatMoney(usd, 'USD')} · ${formatMoney(rub, 'RUB')}`;
}
