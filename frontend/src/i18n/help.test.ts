import helpEn from './help-en.json';
import helpJa from './help-ja.json';
import helpLoginEn from './help-login-en.json';
import helpLoginJa from './help-login-ja.json';

const helpTexts = { en: helpEn, ja: helpJa };
const helpLoginTexts = { en: helpLoginEn, ja: helpLoginJa };
import { i18n } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('help texts', () => {
  it('exist in both languages, none empty', () => {
    expect(keys(helpTexts.ja).sort()).toEqual(keys(helpTexts.en).sort());
    expect(keys(helpLoginTexts.ja).sort()).toEqual(keys(helpLoginTexts.en).sort());
    for (const language of ['en', 'ja'] as const) {
      for (const key of keys(helpLoginTexts[language])) expect(i18n.t(key as never, { lng: language })).not.toBe('');
      for (const key of keys(helpTexts[language])) expect(i18n.t(key as never, { lng: language, count: 1, step: 1, chart: 'c' })).not.toBe('');
    }
  });
});
