import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ja from './ja.json';

export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export const resources = {
  en: { translation: en },
  ja: { translation: ja },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', (language) => {
  applyLanguage(language);
  try {
    if (isLanguage(language)) globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this visit only
  }
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
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
