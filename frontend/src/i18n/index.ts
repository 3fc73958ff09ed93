import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { markLanguage } from '@/lib/session-marker';

export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The texts come in parts, each a pair of JSON files with the same keys (`<part>-en.json`,
 * `<part>-ja.json`; the language files' tests check both have every key), and reach i18next one
 * way, `addTexts`, at one of two moments:
 *
 * - the parts a first screen may show (the app's own, the welcome's sign-in and walkthrough, the
 *   posts, the ads) are one chunk per language (texts-en.ts, texts-ja.ts), loaded before the first
 *   paint in that language (main.tsx) and when the reader switches: a first screen carries one
 *   language's texts, not both (the first-visit budget counts every KB), so the English fallback
 *   is never needed for a text a Japanese screen shows;
 * - the parts of screens a first visit does not need (circles, payments, notifications, safety,
 *   a Book's data) come with those screens' chunks in both languages: their module
 *   (`i18n/<part>.ts`, imported by every component that shows them) calls `addScreenTexts`.
 */
const loaders: Record<Language, () => Promise<ReadonlyArray<object>>> = {
  en: () => import('./texts-en').then((module) => module.parts),
  ja: () => import('./texts-ja').then((module) => module.parts),
};

const loaded = new Set<Language>();

/** Adds texts to a language beside those already there (a part never replaces another's keys). */
function addTexts(language: Language, texts: object): void {
  i18n.addResourceBundle(language, 'translation', texts, true, false);
}

/**
 * Makes sure a language's first-screen texts are loaded; resolves at once when they are. (The
 * parts that came with a screen were added in both languages already: those are kept.)
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  for (const part of await loaders[language]()) addTexts(language, part);
  loaded.add(language);
}

/** A part of the texts in both languages. */
export type TextPart = Readonly<Record<Language, object>>;

/**
 * Adds a part that comes with its screens (see above) in both languages, when its module is first
 * imported; answers the part (its tests read its keys).
 */
export function addScreenTexts<Part extends TextPart>(part: Part): Part {
  for (const language of LANGUAGES) addTexts(language, part[language]);
  return part;
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
