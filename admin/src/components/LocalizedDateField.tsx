import { useCallback } from 'react';
import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';

const INTL_LOCALES: Record<string, string> = { ru: 'ru-RU', en: 'en-US' };

/** The Intl locale of the interface language, so dates read the way the rest of the page does. */
export function useIntlLocale(): string {
  const [locale] = useLocaleState();
  return INTL_LOCALES[locale] ?? locale;
}

/** A date (with its time, when asked) written for the interface language, not the browser's. */
export function LocalizedDateField(props: DateFieldProps) {
  const locales = useIntlLocale();
  return <DateField locales={locales} {...props} />;
}

/** The same as a plain string, for places that are not fields (list lines on a phone). */
export function useFormatDateTime(): (value: string | null | undefined) => string {
  const locales = useIntlLocale();
  return useCallback(
    (value) => {
      if (!value) return '—';
      const date = new Date(value);
      return Number.isNaN(date.getTime())
        ? '—'
        : date.toLocaleString(locales, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    },
    [locales],
  );
}
