import en from './en.json';
import ja from './ja.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('language files', () => {
  it('have the same keys in English and Japanese', () => {
    const enKeys = keysOf(en).sort();
    const jaKeys = keysOf(ja).sort();
    expect(enKeys.filter((key) => !jaKeys.includes(key))).toEqual([]);
    expect(jaKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = (file: unknown) =>
      keysOf(file).filter((key) => {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
        return typeof text !== 'string' || text.trim() === '';
      });
    expect(empty(en)).toEqual([]);
    expect(empty(ja)).toEqual([]);
  });

  it('keep the same placeholders in both languages', () => {
    const placeholders = (file: unknown, key: string) => {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file) as string;
      return [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)\/>/g)].map((m) => m[0]).sort();
    };
    for (const key of keysOf(en)) expect([key, ...placeholders(ja, key)]).toEqual([key, ...placeholders(en, key)]);
  });

  it('include the message keys of the spec', () => {
    const required = [
      'ForgotPassword1',
      'ForgotPassword2',
      'ForgotPassword3',
      'ForgotPassword4',
      'ResetPassword1',
      'ResetPassword2',
      'ResetPassword3',
      'ResetPassword4',
      'ResetPassword5',
      'AccountEach11',
      'Login2',
      'LoginComponent3',
      'Header14',
      'DataModal15',
      'DataModal16',
      'DataDownload1',
      'DataDownload2',
      'Mono20',
      'Home3',
    ];
    const enKeys = keysOf(en);
    for (const key of required) expect(enKeys).toContain(key);
    expect(en.ResetPassword2).toBe("Password doesn't match");
    expect(en.messages.emailOrPasswordIncorrect).toBe('Email or password is not correct!');
    expect(en.messages.alreadyFollowed).toBe('This page is already followed');
  });

  it('spell a word one way: マイBook (not マイブック), New (not NEW)', () => {
    const texts = (file: unknown): string[] => (typeof file === 'string' ? [file] : Object.values(file as Record<string, unknown>).flatMap(texts));
    for (const file of [en, ja]) {
      expect(texts(file).filter((text) => /マイブック|\bNEW\b/.test(text))).toEqual([]);
    }
    expect(ja.nav.owningPages).toBe(ja.books.owningPagesTitle);
    expect(ja.books.new).toBe(ja.common.new);
    expect(en.books.new).toBe(en.common.new);
  });
});
