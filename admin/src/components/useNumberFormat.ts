import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** Counts written for the interface language ("100,000" / "100 000"). */
export function useNumberFormat(): Intl.NumberFormat {
  const [locale] = useLocaleState();
  return useMemo(() => new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US'), [locale]);
}
