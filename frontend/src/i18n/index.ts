import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { markLanguage } from '@/lib/session-marker';

export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Each language is a chunk of its own (texts-en.ts, texts-ja.ts: the app's texts and those of the
 * parts every first visit meets), loaded before the first paint in that language (main.tsx) and
 * when the reader switches: a first screen carries one language's text, not both (the first-visit
 * budget counts every KB). Both languages have every key (the language files' tests), so the
 * English fallback is never needed for a text a Japanese screen shows.
 */
const loaders: Record<Language, () => Promise<ReadonlyArray<object>>> = {
  en: () => import('./texts-en').then((module) => module.parts),
  ja: () => import('./texts-ja').then((module) => module.parts),
};

const loaded = new Set<Language>();

/**
 * Makes sure a language's texts are loaded; resolves at once when they are. (Other modules may
 * have added parts of a language already, such as the server messages: those are kept.)
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  for (const part of await loaders[language]()) i18n.addResourceBundle(language, 'translation', part, true, false);
  loaded.add(language);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages that we speak (`ja-JP` counts as `ja`); undefined when none. */
export function browserLanguage(languages: readonly string[] | undefined = globalThis.navigator?.languages): Language | undefined {
  for (const tag of languages ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language to start in: the last explicit choice in this browser (the account's language
 * once logged in, or a visitor's choice), else the browser's language, else English.
 */
export function initialLanguage(): Language {
  return storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', (language) => {
  applyLanguage(language);
});

/** Switches the UI and remembers the choice in this browser (the account keeps it on the server). */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
    markLanguage(language);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this visit only
  }
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  // Filled by loadLanguage (other modules add their parts, such as the server messages, beside them).
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyLanguage(i18n.language);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
