import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import ru from '../locales/ru';
import uz from '../locales/uz';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['ru', 'en', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

export const resources = {
  ru: { translation: ru },
  en: { translation: en },
  uz: { translation: uz },
} as const;

export function parseLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

const initial = parseLanguage(storage.get(STORAGE_KEYS.language));

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  initAsync: false,
  // Never show a raw key: a key missing everywhere renders as nothing (the locale test catches it first).
  parseMissingKeyHandler: () => '',
});

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyDocumentLanguage(initial);

export function changeLanguage(language: Language): void {
  storage.set(STORAGE_KEYS.language, language);
  applyDocumentLanguage(language);
  void i18n.changeLanguage(language);
}

export default i18n;
