import { bookHead, notFoundHead, renderHeadTags, staticHead, STATIC_PATHS, type StaticPageKind, temporalCoverage, userHead } from '..';
import type { PageHead } from '../types';
import { book, ctx, ORIGIN, profile } from './head-fixtures';

const meta = (head: PageHead, key: string) => head.meta.filter((m) => (m.property ?? m.name) === key).map((m) => m.content);
const one = (head: PageHead, key: string) => {
  const values = meta(head, key);
  expect(values, key).toHaveLength(1);
  return values[0];
};

describe('bookHead', () => {
  it('names the Book by its own title and summary, with its cover as a large card', () => {
    const head = bookHead(book(), ctx('ja', '/mono/7'));
    expect(head.lang).toBe('ja');
    expect(head.title).toBe('都道府県別 健康保険料率 — monobook');
    expect(head.description).toBe('協会けんぽの都道府県別の保険料率を、2015年度から2024年度まで並べたBook。 最も高いのは佐賀県。');
    expect(one(head, 'og:title')).toBe('都道府県別 健康保険料率');
    expect(one(head, 'og:description')).toBe(head.description);
    expect(one(head, 'og:type')).toBe('article');
    expect(one(head, 'og:image')).toBe(`${ORIGIN}/media/covers/abc_123.jpg`);
    expect(one(head, 'og:image:width')).toBe('1200');
    expect(one(head, 'og:image:height')).toBe('630');
    expect(one(head, 'og:image:alt')).toBe('「都道府県別 健康保険料率」の表紙');
    expect(one(head, 'twitter:card')).toBe('summary_large_image');
    expect(one(head, 'twitter:image')).toBe(`${ORIGIN}/media/covers/abc_123.jpg`);
    expect(one(head, 'og:locale')).toBe('ja_JP');
    expect(meta(head, 'og:locale:alternate')).toEqual(['en_US']);
    expect(head.robots).toBeUndefined();
  });

  it('has one address per language: the bare path in Japanese (also x-default), ?lang=en in English, no other query', () => {
    const ja = bookHead(book(), ctx('ja', '/mono/7?utm_source=x&lang=ja'));
    const en = bookHead(book(), ctx('en', '/mono/7?lang=en&ref=1'));
    expect(ja.canonical).toBe(`${ORIGIN}/mono/7`);
    expect(en.canonical).toBe(`${ORIGIN}/mono/7?lang=en`);
    const expected = [
      { hreflang: 'ja', href: `${ORIGIN}/mono/7` },
      { hreflang: 'en', href: `${ORIGIN}/mono/7?lang=en` },
      { hreflang: 'x-default', href: `${ORIGIN}/mono/7` },
    ];
    expect(ja.alternates).toEqual(expected);
    expect(en.alternates).toEqual(expected);
    expect(one(ja, 'og:url')).toBe(ja.canonical);
    expect(one(en, 'og:url')).toBe(en.canonical);
    expect(one(en, 'og:locale')).toBe('en_US');
    expect(meta(en, 'og:locale:alternate')).toEqual(['ja_JP']);
    expect(one(en, 'og:image:alt')).toBe('Cover of "都道府県別 健康保険料率"');
  });

  it('cuts a long summary near 160 characters and falls back to a sentence when there is none', () => {
    const long = bookHead(book({ summary: 'word '.repeat(100) }), ctx('en', '/mono/7'));
    expect(long.description.length).toBeLessThanOrEqual(160);
    expect(long.description.endsWith('word…')).toBe(true);
    const none = bookHead(book({ summary: '  ' }), ctx('en', '/mono/7'));
    expect(none.description).toBe('A Book made from the data of "都道府県別 健康保険料率", on monobook.');
  });

  it('gives the site card image when the Book has no cover, and no size for a cover that is not a server cover', () => {
    const bare = bookHead(book({ img: null }), ctx('ja', '/mono/7'));
    expect(one(bare, 'og:image')).toBe(`${ORIGIN}/og-image.jpg`);
    expect(one(bare, 'og:image:width')).toBe('1200');
    const other = bookHead(book({ img: 'https://cdn.example/x.png' }), ctx('ja', '/mono/7'));
    expect(one(other, 'og:image')).toBe('https://cdn.example/x.png');
    expect(meta(other, 'og:image:width')).toEqual([]);
  });

  it('describes the data as a schema.org Dataset', () => {
    const [dataset] = bookHead(book(), ctx('ja', '/mono/7')).jsonLd as Array<Record<string, unknown>>;
    expect(dataset).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      name: '都道府県別 健康保険料率',
      url: `${ORIGIN}/mono/7`,
      creator: [
        { '@type': 'Person', name: 'Hanako', url: `${ORIGIN}/user/11` },
        { '@type': 'Person', name: 'Taro', url: `${ORIGIN}/user/12` },
      ],
      dateCreated: '2026-10-01T09:00:00.000Z',
      dateModified: '2026-10-05T12:00:00.000Z',
      keywords: ['健康保険', '都道府県'],
      inLanguage: 'ja',
      temporalCoverage: '2015-04-01/2024-03-31',
      variableMeasured: [
        { '@type': 'PropertyValue', name: 'year' },
        { '@type': 'PropertyValue', name: '都道府県', alternateName: 'prefecture' },
        { '@type': 'PropertyValue', name: '保険料率', alternateName: 'rate', unitText: '%', minValue: 9.5, maxValue: 10.5 },
      ],
      distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv' }],
      isAccessibleForFree: true,
    });
    expect(dataset.offers).toBeUndefined();
  });

  it('marks a paid Book as not free, with its price in yen, and names no file of it', () => {
    const head = bookHead(book({ page_price: 800 }), ctx('en', '/mono/7'));
    const [dataset] = head.jsonLd as Array<Record<string, unknown>>;
    expect(dataset.isAccessibleForFree).toBe(false);
    expect(dataset.offers).toEqual({
      '@type': 'Offer',
      price: 800,
      priceCurrency: 'JPY',
      url: `${ORIGIN}/mono/7?lang=en`,
      availability: 'https://schema.org/InStock',
    });
    const html = renderHeadTags(head);
    expect(html).not.toMatch(/contentUrl|\/api\/|\/media\/(?!covers\/)|rates(-2024)?\.csv/i);
  });

  it('leaves out what the Book did not find: no period, no columns, no tags, no formats', () => {
    const [dataset] = bookHead(
      book({ column_profile: null, tags: undefined, file_formats: undefined, modified_on: undefined, files: [] }),
      ctx('ja', '/mono/7'),
    ).jsonLd as Array<Record<string, unknown>>;
    expect(Object.keys(dataset)).not.toEqual(expect.arrayContaining(['temporalCoverage']));
    for (const key of ['temporalCoverage', 'variableMeasured', 'keywords', 'distribution', 'creator']) expect(dataset[key], key).toBeUndefined();
    expect(dataset.dateModified).toBe(dataset.dateCreated);
  });
});

describe('temporalCoverage', () => {
  const column = (over: object) => ({
    sheet: 's',
    rows: 1,
    sampled: false,
    columns: [{ name: 'c', type: 'date' as const, role: 'time' as const, missing: 0, distinct: 2, ...over }],
  });
  it('reads the period of a date column or of a column of years', () => {
    expect(temporalCoverage(column({ from: '2020-01', to: '2021-12' }))).toBe('2020-01/2021-12');
    expect(temporalCoverage(column({ from: '2020-01-05T00:00:00', to: '2020-01-05' }))).toBe('2020-01-05');
    expect(temporalCoverage(column({ type: 'number', from: undefined, min: 1990, max: 2020 }))).toBe('1990/2020');
    expect(temporalCoverage(column({ from: 'spring', to: 'autumn' }))).toBeUndefined();
    expect(temporalCoverage(null)).toBeUndefined();
  });
});

describe('userHead', () => {
  it("names the page by the person's nickname and caption, with a ProfilePage", () => {
    const head = userHead(profile(), ctx('en', '/user/12'));
    expect(head.title).toBe("Taro's page — monobook");
    expect(head.description).toBe('Open data about trains & stations');
    expect(one(head, 'og:type')).toBe('profile');
    expect(one(head, 'og:image')).toBe('https://monobook.example/media/avatars/t.jpg');
    expect(head.canonical).toBe(`${ORIGIN}/user/12?lang=en`);
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: `${ORIGIN}/user/12?lang=en`,
        name: "Taro's page",
        inLanguage: 'en',
        dateCreated: '2026-09-01T00:00:00.000Z',
        mainEntity: {
          '@type': 'Person',
          name: 'Taro',
          identifier: '12',
          url: `${ORIGIN}/user/12?lang=en`,
          description: 'Open data about trains & stations',
          image: 'https://monobook.example/media/avatars/t.jpg',
        },
      },
    ]);
  });

  it('uses "no name" for a person without a nickname, and a sentence when there is no caption', () => {
    const head = userHead(profile({ nickName: 'default', caption: '', description: '', img: null }), ctx('ja', '/user/12'));
    expect(head.title).toBe('名前未設定さんのページ — monobook');
    expect(head.description).toBe('monobookの名前未設定さんのページ。投稿したデータとBook、投稿を見られます。');
    expect(one(head, 'og:image')).toBe(`${ORIGIN}/og-image.jpg`);
  });
});

describe('staticHead', () => {
  const kinds = Object.keys(STATIC_PATHS) as StaticPageKind[];
  it.each(kinds)('gives %s a title and description of its own in each language', (kind) => {
    const ja = staticHead(kind, ctx('ja', STATIC_PATHS[kind]));
    const en = staticHead(kind, ctx('en', STATIC_PATHS[kind]));
    expect(ja.title).not.toBe(en.title);
    expect(ja.description).not.toBe(en.description);
    expect(ja.title).toMatch(/monobook/);
    expect(ja.canonical).toBe(`${ORIGIN}${STATIC_PATHS[kind]}`);
    expect(en.canonical).toBe(`${ORIGIN}${STATIC_PATHS[kind]}?lang=en`);
    expect(one(ja, 'twitter:card')).toBe('summary_large_image');
  });

  it('names the site on the home page', () => {
    const head = staticHead('home', ctx('ja', '/'));
    expect(head.title).toBe('monobook — データが本になる');
    expect(head.jsonLd).toEqual([expect.objectContaining({ '@type': 'WebSite', name: 'monobook', url: `${ORIGIN}/` })]);
  });
});

describe('notFoundHead', () => {
  it('asks search engines not to list the page', () => {
    const head = notFoundHead(ctx('en', '/mono/987654321'));
    expect(head.robots).toBe('noindex');
    expect(head.title).toBe('Page not found — monobook');
    expect(head.jsonLd).toEqual([]);
    expect(renderHeadTags(head)).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('renderHeadTags', () => {
  it('writes every tag with its text escaped, and JSON-LD that no text can close', () => {
    const evil = '"><script>alert(1)</script><!--';
    const head = bookHead(book({ title: evil, summary: `${evil} & more` }), ctx('ja', '/mono/7'));
    const html = renderHeadTags(head);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- — monobook</title>');
    expect(html).toContain('<link rel="canonical" href="https://monobook.example/mono/7" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://monobook.example/mono/7" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)![1];
    expect(JSON.parse(json).name).toBe(evil);
    // Parsed as HTML, the head is what the data says.
    const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
    expect(doc.title).toBe(`${evil} — monobook`);
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(`${evil} & more`);
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!).description).toBe(`${evil} & more`);
  });
});
