import { browserLanguage } from './index';

describe('a visitor’s language', () => {
  it('is the first browser language we speak, region ignored', () => {
    expect(browserLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(browserLanguage(['fr-FR', 'en-GB', 'ja'])).toBe('en');
    expect(browserLanguage(['EN'])).toBe('en');
  });

  it('is none for other languages (the app then starts in English)', () => {
    expect(browserLanguage(['fr-FR', 'de'])).toBeUndefined();
    expect(browserLanguage([])).toBeUndefined();
  });
});
