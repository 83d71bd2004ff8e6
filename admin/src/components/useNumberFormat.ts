import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** The number locale of an interface language: "4,500" in English, "4 500" in Russian (where "4,500" reads as 4.5). */
export const numberLocale = (language: string) => (language === 'ru' ? 'ru-RU' : 'en-US');

/** Numbers written for the interface language ("100,000" / "100 000"), with Intl's options (digits ...) when given. */
export function useNumberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const [locale] = useLocaleState();
  const key = JSON.stringify(options ?? {});
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the options are compared by their JSON, not their identity
  return useMemo(() => new Intl.NumberFormat(numberLocale(locale), options), [locale, key]);
}
