import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** Numbers written for the interface language ("100,000" / "100 000"), with Intl's options (digits ...) when given. */
export function useNumberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const [locale] = useLocaleState();
  const key = JSON.stringify(options ?? {});
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the options are compared by their JSON, not their identity
  return useMemo(() => new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', options), [locale, key]);
}
