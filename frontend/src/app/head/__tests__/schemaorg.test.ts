import { bookHead, staticHead, userHead } from '..';
import { problemsOf } from './schemaorg-validate';
import { book, ctx, profile } from './head-fixtures';

describe('JSON-LD against the schema.org vocabulary', () => {
  it('finds what is wrong (the validator can fail)', () => {
    expect(problemsOf([{ '@context': 'https://schema.org', '@type': 'Datasett' }])).toEqual(['[0]: unknown @type Datasett']);
    expect(
      problemsOf([
        {
          '@context': 'https://schema.org',
          '@type': 'Dataset',
          name: 'x',
          downloadUrl: 'https://x.example/f.csv',
          price: 3,
          familyName: 'Sato',
          dateCreated: 'yesterday',
          isAccessibleForFree: 'no',
          creator: { '@type': 'PropertyValue', name: 'x' },
          variableMeasured: [{ '@type': 'PropertyValue', name: 'a', unitText: 5 }],
        },
      ]),
    ).toEqual([
      '[0].downloadUrl: no such property of Dataset (nor of any type the pages use)',
      '[0].price: not a property of Dataset (it is of Offer)',
      '[0].familyName: not a property of Dataset (it is of Person)',
      '[0].dateCreated: "yesterday" fits none of DateTime, Date',
      '[0].isAccessibleForFree: "no" fits none of Boolean',
      '[0].creator: a PropertyValue where Organization or Person is expected',
      '[0].variableMeasured[0].unitText: 5 fits none of Text',
    ]);
  });

  it.each(['ja', 'en'] as const)('a free Book and a paid Book carry a valid Dataset (%s)', (lang) => {
    for (const info of [book(), book({ page_price: 9800, img: null, tags: [], files: [] }), book({ column_profile: null, modified_on: undefined })]) {
      const { jsonLd } = bookHead(info, ctx(lang, '/mono/7'));
      expect(jsonLd.map((n) => (n as { '@type': string })['@type'])).toEqual(['Dataset']);
      expect(problemsOf(jsonLd)).toEqual([]);
    }
  });

  it.each(['ja', 'en'] as const)('a user page carries a valid ProfilePage, the home page a valid WebSite (%s)', (lang) => {
    for (const p of [profile(), profile({ img: null, caption: '' })]) expect(problemsOf(userHead(p, ctx(lang, '/user/12')).jsonLd)).toEqual([]);
    const home = staticHead('home', ctx(lang, '/')).jsonLd;
    expect(home).toHaveLength(1);
    expect(problemsOf(home)).toEqual([]);
  });
});
