import en from './social-en.json';
import ja from './social-ja.json';

const socialTexts = { en, ja };
import { i18n } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('social texts', () => {
  it('exist in both languages, none empty', () => {
    expect(keys(socialTexts.ja).sort()).toEqual(keys(socialTexts.en).sort());
    for (const language of ['en', 'ja'] as const) {
      for (const key of keys(socialTexts[language])) expect(i18n.t(key as never, { lng: language, count: 1, name: 'x', value: 1, title: 't' })).not.toBe('');
    }
  });

  it('are loaded into the app catalogue with the spec keys', () => {
    expect(i18n.t('RepostDeleteError', { lng: 'ja' })).toBe('リポストを取り消せませんでした。');
    expect(i18n.t('posts.likeNoun', { lng: 'en', count: 2 })).toBe('likes');
  });
});
