import { useCallback, useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@topup/common';
import { type Currency, toAmount } from './currency';

/**
 * How the store writes numbers, money and dates in each interface language: one Intl-based formatter
 * per language, so a page never mixes "1,920 UC" with "1 974,21 ₽".
 */

/** Where money is shown: 'cart' writes RUB without kopecks, everywhere else with 2 decimals. */
export type MoneyContext = 'default' | 'cart';

/**
 * The app's own words for dates: Uzbek always (Chromium has no Uzbek month names and writes "2026 M11 23",
 * others abbreviate them), any language where the browser has no month names of its own.
 */
export interface DateTexts {
  /** January to December, as a date names them ("23-noyabr"). */
  months: readonly string[];
  /** With {day}, {month}, {year}. */
  date: string;
  /** With {date} and {time}. */
  dateTime: string;
  /**
   * The word of a unit a game amount counts for `count` of it ("алмазов" for 100 Diamonds); the unit
   * itself where the app has no word for it (UC, EUR, Robux).
   */
  unitName?: (unit: string, count: number) => string;
  /** The word after an amount of UZS ("so'm", "сум"): sums are written as whole numbers and this word. */
  sums?: string;
}

export interface Format {
  /** A plain number (game amounts, counts), with at most `maximumFractionDigits` decimals (0 by default). */
  number(value: number, maximumFractionDigits?: number): string;
  /**
   * An amount of a currency (USD, RUB, KZT …) with its sign: 2 decimals, RUB without kopecks in the cart;
   * UZS in whole sums and the language's word ("12 650 so'm"). NaN (a price not known yet) is "—".
   */
  money(amount: unknown, currency: string, context?: MoneyContext): string;
  /** A moment as a day ("23 ноября 2026 г."), or a day and time; '' when it is not a date. */
  date(value: string | Date, withTime?: boolean): string;
  /** The word of `unit` for `count` of it, in the interface language ("алмазов", "UC"). */
  unit(unit: string, count: number): string;
  /** A game amount with its unit: "100 алмазов", "1 920 UC", "25 EUR"; the number alone without a unit. */
  amount(value: number, unit: string): string;
}

/**
 * The Intl locale of each language's numbers. Uzbek writes numbers as Russian does ("1 920", "5,98 $"),
 * and browsers without Uzbek number data (Chromium) would write them the English way.
 */
const NUMBER_LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru-RU', uz: 'ru-RU' };
const DATE_LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru-RU', uz: 'uz-Latn-UZ' };

/** Whether the browser names months in this locale (without the data it writes "M11"). */
function namesMonths(locale: string): boolean {
  return !/\d/.test(new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2026, 10, 15)));
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/**
 * The formatter of a UI language (en, ru, uz); `texts` are the app's date words in that language (see
 * DateTexts); without them dates are Intl's.
 */
export function createFormat(language: string, texts?: DateTexts): Format {
  const numberLocale = NUMBER_LOCALES[language] ?? 'ru-RU';
  const dateLocale = DATE_LOCALES[language] ?? 'ru-RU';
  const intlDates = language !== 'uz' && namesMonths(dateLocale);
  const time = new Intl.DateTimeFormat(numberLocale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

  const number = (value: number, maximumFractionDigits = 0) => numberFormat(numberLocale, { maximumFractionDigits }).format(value);
  const unit = (name: string, count: number) => texts?.unitName?.(name, count) ?? name;

  return {
    number,
    unit,
    amount: (value, name) => [number(value), name.trim() && unit(name.trim(), value)].filter(Boolean).join('\u00a0'),

    money(amount, currency, context = 'default') {
      if (typeof amount === 'number' && Number.isNaN(amount)) return '—';
      const code = currency.trim().toUpperCase();
      // Browsers write sums as "UZS 12,650" or lack Uzbek data: the number the language's way, then its word.
      if (code === 'UZS') return `${number(toAmount(amount))}\u00a0${texts?.sums ?? code}`;
      const digits = code === 'RUB' && context === 'cart' ? 0 : 2;
      return numberFormat(numberLocale, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        // A sum that rounds to zero reads "$0.00", never "-$0.00".
        signDisplay: 'negative',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(toAmount(amount));
    },

    date(value, withTime = true) {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) return '';
      if (intlDates || !texts) {
        const options: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' };
        return new Intl.DateTimeFormat(dateLocale, options).format(date);
      }
      const day = fill(texts.date, { day: String(date.getDate()), month: texts.months[date.getMonth()] ?? '', year: String(date.getFullYear()) });
      return withTime ? fill(texts.dateTime, { date: day, time: time.format(date) }) : day;
    },
  };
}

/** A unit's word from the app's texts (`format.units.<unit>`, by count); the unit itself where there is none. */
export function unitNames(i18n: Pick<I18n, 'exists' | 't'>): NonNullable<DateTexts['unitName']> {
  // A unit is whatever an admin typed, so its key is open-ended, not one of the typed keys.
  const translate = i18n.t.bind(i18n) as unknown as (key: string, options: { count: number }) => string;
  return (unit, count) => {
    const key = `format.units.${unit.toLowerCase()}`;
    return i18n.exists(key, { count }) ? translate(key, { count }) : unit;
  };
}

/** The formatter of the interface language. */
export function useFormat(): Format {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () =>
      createFormat(language, {
        months: t('format.months', { returnObjects: true }) as unknown as string[],
        date: t('format.date'),
        dateTime: t('format.date_time'),
        unitName: unitNames(i18n),
        sums: t('format.sums'),
      }),
    [language, t, i18n],
  );
}

/** The interface language's money formatter. */
export function useFormatMoney(): (amount: unknown, currency: Currency, context?: MoneyContext) => string {
  const format = useFormat();
  return useCallback((amount: unknown, currency: Currency, context?: MoneyContext) => format.money(amount, currency, context), [format]);
}

/** The interface language's number formatter (game amounts, counts). */
export function useFormatNumber(): (value: number) => string {
  const format = useFormat();
  return useCallback((value: number) => format.number(value), [format]);
}
