import { searchDocument, searchQuery, searchWords } from './search-text';

describe('search text', () => {
  it('cuts Japanese into dictionary words, including two-character ones', () => {
    expect(searchWords('都道府県ごとの健康保険料率')).toEqual(expect.arrayContaining(['健康', '保険']));
  });

  it('lower-cases and normalises width', () => {
    expect(searchWords('ＤＡＴＡ Science')).toEqual(['data', 'science']);
  });

  it('builds a prefix query joining all words, quoting safely', () => {
    expect(searchQuery("o'hara data")).toBe("'o''hara':* & 'data':*");
    expect(searchQuery('   ')).toBeNull();
    expect(searchQuery('!!!')).toBeNull();
  });

  it('keeps each word once in a document', () => {
    expect(searchDocument('data data', null, 'Data')).toBe('data');
  });
});
