import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from '../locales/ru';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['ru', 'en', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/**
 * Russian (the default and fallback) ships with the app; the other languages are separate chunks,
 * fetched when chosen, so a shopper downloads one language's texts, not three.
 */
const loadTexts: Record<Exclude<Language, 'ru'>, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en'),
  uz: () => import('../locales/uz'),
};

async function ensureTexts(language: Language): Promise<void> {
  if (language === 'ru' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: texts } = await loadTexts[language]();
  i18n.addResourceBundle(language, 'translation', texts);
}

export function parseLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

const initial = parseLanguage(storage.get(STORAGE_KEYS.language));

void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  partialBundledLanguages: true,
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

/** Resolves once the saved language's texts are in; the app renders after it, never showing a fallback first. */
export const i18nReady: Promise<void> = ensureTexts(initial)
  // Re-resolve now that the texts are in: i18next settled on the fallback while they were missing.
  .then(async () => {
    await i18n.changeLanguage(initial);
  })
  .catch(() => {
    // Offline or a failed chunk: Russian (bundled) stands in.
  });

export async function changeLanguage(language: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, language);
  await ensureTexts(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
