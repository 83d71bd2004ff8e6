import { useSyncExternalStore } from 'react';
import { type Currency, parseCurrency } from './currency';
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

/** Screens write money and numbers through the interface language's formatter (lib/format). */
export { useFormatMoney, useFormatNumber } from './format';
