import { circlesTexts } from './circles';
import { i18n } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('circle texts', () => {
  it('exist in both languages, none empty', () => {
    expect(keys(circlesTexts.ja).sort()).toEqual(keys(circlesTexts.en).sort());
    for (const language of ['en', 'ja'] as const) {
      for (const key of keys(circlesTexts[language])) expect(i18n.t(key as never, { lng: language, count: 1, name: 'x', title: 't', date: 'd' })).not.toBe('');
    }
  });

  it('carry the spec messages', () => {
    expect(i18n.t('circles.created', { lng: 'ja' })).toBe('サークルを作成しました');
    expect(i18n.t('circles.error', { lng: 'ja' })).toBe('エラーが発生しました');
  });
});
