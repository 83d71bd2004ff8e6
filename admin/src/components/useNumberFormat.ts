import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** The number locale of an interface language: "4,500" in English, "4 500" in Russian (where "4,500" reads as 4.5). */
export const numberLocale = (language: string) => (language === 'ru' ? 'ru-RU' : 'en-US');

/** Counts written for the interface language ("100,000" / "100 000"). */
export function useNumberFormat(): Intl.NumberFormat {
  const [locale] = useLocaleState();
  return useMemo(() => new Intl.NumberFormat(numberLocale(locale)), [locale]);
}
