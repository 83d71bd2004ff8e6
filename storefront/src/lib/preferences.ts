import { useCallback, useSyncExternalStore } from 'react';
import { type Currency, formatMoney, formatNumber, type MoneyContext, parseCurrency } from './currency';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage';

/** The shopper's display currency, persisted in localStorage `currency` (default and fallback RUB). */
const listeners = new Set<() => void>();
let currency: Currency = parseCurrency(storage.get(STORAGE_KEYS.currency));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getCurrency = () => currency;

export function setCurrency(next: Currency): void {
  currency = parseCurrency(next);
  storage.set(STORAGE_KEYS.currency, currency);
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.currency) return;
    currency = parseCurrency(event.newValue);
    listeners.forEach((listener) => listener());
  });
}

export function useCurrency(): [Currency, (next: Currency) => void] {
  return [useSyncExternalStore(subscribe, getCurrency, getCurrency), setCurrency];
}

/** The money formatter (kept as a hook so screens need not care how money is written). */
export function useFormatMoney(): (amount: unknown, currency: Currency, context?: MoneyContext) => string {
  return useCallback((amount: unknown, target: Currency, context?: MoneyContext) => formatMoney(amount, target, { context }), []);
}

/** A number formatter bound to the current UI language. */
export function useFormatNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((value: number) => formatNumber(value, locale), [locale]);
}
