import { contentLanguage, DEFAULT_LANGUAGE, intlLocale, otherLanguage } from './language';

describe('contentLanguage', () => {
  it('keeps ja and en, and answers the one default for anything else', () => {
    expect(contentLanguage('ja')).toBe('ja');
    expect(contentLanguage('en')).toBe('en');
    for (const v of [undefined, null, '', 'JA', 'fr', 1, {}]) expect(contentLanguage(v)).toBe(DEFAULT_LANGUAGE);
    expect(contentLanguage('fr', 'ja')).toBe('ja');
  });
  it('names the other language and the Intl locale', () => {
    expect(otherLanguage('ja')).toBe('en');
    expect(otherLanguage('en')).toBe('ja');
    expect(intlLocale('ja')).toBe('ja-JP');
  });
});
