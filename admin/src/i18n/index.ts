import polyglotI18nProvider from 'ra-i18n-polyglot';
import { storefrontLocale } from '../lib/session';
import englishMessages from './en';
import russianMessages from './ru';

export const LOCALES = [
  { locale: 'ru', name: 'Русский' },
  { locale: 'en', name: 'English' },
];

/** Russian by default (as the store), English on request; starts in the storefront's language when it is English. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? englishMessages : russianMessages),
  storefrontLocale(),
  LOCALES,
  { allowMissing: true },
);
