import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['ru', 'en', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/**
 * A language's texts come in two parts, each its own chunk: the shell's (header, footer, home, errors)
 * and those of every other page. A shopper downloads the chosen language only, and the page texts
 * only once a page needs them (`loadPageTexts`).
 */
type TextPart = 'shell' | 'pages';
type TextsModule = Promise<{ default: object }>;

const loadTexts: Record<Language, Record<TextPart, () => TextsModule>> = {
  ru: { shell: () => import('../locales/ru/shell'), pages: () => import('../locales/ru/pages') },
  en: { shell: () => import('../locales/en/shell'), pages: () => import('../locales/en/pages') },
  uz: { shell: () => import('../locales/uz/shell'), pages: () => import('../locales/uz/pages') },
};

/** The parts the app has drawn so far: a language switch fetches these for the new language. */
const neededParts = new Set<TextPart>(['shell']);
const loadedParts = new Set<string>();

async function ensureTexts(language: Language): Promise<void> {
  await Promise.all(
    [...neededParts].map(async (part) => {
      if (loadedParts.has(`${language}/${part}`)) return;
      const { default: texts } = await loadTexts[language][part]();
      i18n.addResourceBundle(language, 'translation', texts, true);
      loadedParts.add(`${language}/${part}`);
    }),
  );
}

export function parseLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/**
 * The language a shopper last chose, else the first of the browser's languages the store speaks (a
 * uz-UZ browser opens in Uzbek), else Russian.
 */
export function initialLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (saved !== null) return parseLanguage(saved);
  const spoken = browserLanguages
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find((language): language is Language => (LANGUAGES as readonly string[]).includes(language ?? ''));
  return spoken ?? DEFAULT_LANGUAGE;
}

const initial = initialLanguage(storage.get(STORAGE_KEYS.language), globalThis.navigator?.languages ?? []);
/** The language chosen last: set before its texts arrive, so texts asked for meanwhile come in it. */
let chosen = initial;

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initial,
  // Every language has every key (the locale test), so none falls back to another's texts.
  fallbackLng: false,
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
  // Re-resolve now that the texts are in: i18next settled its language while it had none.
  .then(async () => {
    await i18n.changeLanguage(initial);
  })
  .catch(() => {
    // Offline or a failed chunk: the app still starts, and its pages show their error states.
  });

/** The texts of the pages other than home, in the current language (a page's code waits for them). */
export async function loadPageTexts(): Promise<void> {
  neededParts.add('pages');
  await ensureTexts(chosen);
}

export async function changeLanguage(language: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, language);
  chosen = language;
  await ensureTexts(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
