import { MAIL_TEXTS } from '../../../backend/src/modules/mail/mail-templates';

/**
 * docs/glossary.md: one word per thing. Every catalogue (the notification texts included) and every
 * mail says Book and サークル / circle, never the other words users met for the same things.
 */
const catalogues = import.meta.glob<{ default: unknown }>('./*.json', { eager: true });

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(texts);
  return [];
}

const language = (file: string): 'ja' | 'en' => (/(^|[./-])ja\.json$/.test(file) ? 'ja' : 'en');

const mails = Object.values(MAIL_TEXTS).flatMap((byLanguage) => [
  { file: 'mail-templates.ts (ja)', lang: 'ja' as const, texts: texts(byLanguage.ja) },
  { file: 'mail-templates.ts (en)', lang: 'en' as const, texts: texts(byLanguage.en) },
]);
const sources = [...Object.entries(catalogues).map(([file, module]) => ({ file, lang: language(file), texts: texts(module.default) })), ...mails];

/** Uses of ページ that name a web page, not a Book (docs/glossary.md). */
const JA_PAGE_ALLOWED =
  /マイページ|ユーザーページ|Bookのページ|トピックページ|おすすめのページ|決済のページ|お支払いページ|決済ページ|さんのページ|安全なページ|このページ|お探しのページ|ページが見つかりません|ページの種類/g;

function forbiddenIn(lang: 'ja' | 'en', text: string): string[] {
  const found: string[] = [];
  if (lang === 'ja') {
    for (const word of ['ブック', 'コミュニティ']) if (text.includes(word)) found.push(word);
    if (text.replace(JA_PAGE_ALLOWED, '').includes('ページ')) found.push('ページ');
  } else {
    for (const match of text.matchAll(/\bcommunit(?:y|ies)\b|\bbooks?\b/gi)) {
      if (/^communit/i.test(match[0]) || /^books?$/.test(match[0])) found.push(match[0]);
    }
  }
  return found;
}

describe('glossary (docs/glossary.md)', () => {
  it('reads every catalogue in both languages and every mail', () => {
    expect(sources.filter((s) => s.lang === 'ja').length).toBeGreaterThanOrEqual(10);
    expect(sources.filter((s) => s.lang === 'en').length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining(['./notifications-ja.json', './circles-ja.json', './ja.json', './en.json']));
  });

  it('no catalogue, notification or mail uses a word the glossary rules out', () => {
    const offences = sources.flatMap(({ file, lang, texts: all }) =>
      all.flatMap((text) => forbiddenIn(lang, text).map((word) => `${file}: «${word}» in «${text}»`)),
    );
    expect(offences).toEqual([]);
  });

  it('catches the words users met (the check can fail)', () => {
    expect(forbiddenIn('ja', 'あなたのデータがページになりました')).toEqual(['ページ']);
    expect(forbiddenIn('ja', '{{name}}さんからコミュニティに招待されました')).toEqual(['コミュニティ']);
    expect(forbiddenIn('ja', '0 ブック')).toEqual(['ブック']);
    expect(forbiddenIn('en', 'You were invited to a community')).toEqual(['community']);
    expect(forbiddenIn('en', 'Share your data as books')).toEqual(['books']);
    expect(forbiddenIn('ja', 'マイページ・Bookのページに戻る')).toEqual([]);
    expect(forbiddenIn('en', 'Books of the circle · Bookshelf')).toEqual([]);
  });

  it('the notifications and the circle header say Book and サークル', async () => {
    const ja = (await import('./notifications-ja.json')).default.notifications;
    expect(ja.type.data_generated).toBe('あなたのデータがBookになりました');
    expect(ja.type.community_invited).toContain('サークルに招待されました');
    expect(ja.settings.groups).toMatchObject({ data: 'データとBook', circles: 'サークル' });
    expect((await import('./circles-ja.json')).default.circles.books).toBe('Book');
  });
});
