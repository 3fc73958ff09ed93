import { Readable } from 'node:stream';
import sharp from 'sharp';
import { extractContent } from './extract';
import { dataFileType, detectDataFile } from './file-types';
import { biffWorkbook, compoundFile, sample } from './testing/fixtures';
import { type DataFileKind, type ExtractedContent } from './types';

async function extractBuffer(buf: Buffer, fileName: string, kind?: DataFileKind): Promise<ExtractedContent> {
  const type = kind ? dataFileType(kind) : detectDataFile(buf.subarray(0, 65536), fileName)!;
  // Small chunks, like a storage stream: exercises decoding across chunk boundaries.
  return extractContent(async () => Readable.from(chunks(buf, 1000)), type, { fileName, sizeBytes: buf.length });
}

function* chunks(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

const extractSample = (name: string) => extractBuffer(sample(name), name);

async function expectCover(cover: Buffer, width = 1200, height = 630) {
  const meta = await sharp(cover).metadata();
  expect(meta.format).toBe('jpeg');
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(meta.exif).toBeUndefined();
}

describe('extractContent: CSV', () => {
  it('summarises the Japanese UTF-8 health insurance table', async () => {
    const c = await extractSample('prefecture-health-insurance.csv');
    expect(c.kind).toBe('table');
    expect(c.language).toBe('ja');
    const [sheet] = c.sheets!;
    expect(sheet.rowCount).toBe(47);
    expect(sheet.columns.map((col) => [col.name, col.type])).toEqual([
      ['都道府県', 'text'],
      ['保険料率(%)', 'number'],
      ['前年比', 'number'],
      ['加入者数', 'number'],
      ['地域', 'text'],
    ]);
    const rate = sheet.columns[1];
    expect(rate).toMatchObject({ min: 9.33, max: 10.51, minLabel: '新潟県', maxLabel: '佐賀県', nonEmpty: 47 });
    expect(rate.mean!).toBeCloseTo(9.957, 2);
    expect(sheet.columns[2].min).toBeCloseTo(-0.2); // "+0.25" and "-0.20" parse as numbers
    expect(sheet.columns[4].topValues[0]).toEqual({ value: '中部', count: 9 });
    expect(sheet.columns[4].distinct).toBe(8);
    expect(sheet.sampleRows[0]).toEqual(['北海道', '10.29', '+0.07', '1648000', '北海道']);
    expect(c.keywords).toEqual(expect.arrayContaining(['都道府県', '保険', '料率']));
    expect(c.keywords.length).toBeLessThanOrEqual(20);
    expect(c.keywords.some((k) => /\d/.test(k))).toBe(false);
    await expectCover(c.cover);
  });

  it('decodes the Shift_JIS weather table and finds its date range and gaps', async () => {
    const c = await extractSample('tokyo-weather-2025.csv');
    const [sheet] = c.sheets!;
    expect(c.language).toBe('ja');
    expect(sheet.rowCount).toBe(365);
    expect(sheet.columns.map((col) => col.name)).toEqual(['日付', '平均気温(℃)', '最高気温(℃)', '最低気温(℃)', '降水量(mm)', '日照時間(h)', '天気概況']);
    expect(sheet.columns[0]).toMatchObject({ type: 'date', minDate: '2025/01/01', maxDate: '2025/12/31' });
    expect(sheet.columns[1].type).toBe('number');
    expect(sheet.columns[1].min!).toBeGreaterThan(0);
    expect(sheet.columns[1].max!).toBeLessThan(35);
    expect(sheet.columns[5].nonEmpty).toBe(362);
    expect(sheet.columns[6].type).toBe('text');
    expect(sheet.columns[6].topValues.map((t) => t.value)).toContain('晴');
    expect(sheet.columns[1].trend!.length).toBeLessThanOrEqual(64);
    expect(c.keywords).toEqual(expect.arrayContaining(['気温']));
  });

  it('handles BOM, quotes, semicolons, ragged rows and a missing header', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name;score;comment\r\nA;1,5;"semi;colon"\r\nB;2;"line\nbreak"\r\nC;;\r\n')]);
    const c = await extractBuffer(bom, 'x.csv', 'csv');
    const [sheet] = c.sheets!;
    expect(sheet.columns[0].name).toBe('name'); // BOM stripped
    expect(sheet.rowCount).toBe(3);
    expect(sheet.columns[2].topValues.map((t) => t.value)).toContain('line\nbreak');
    expect(sheet.columns[1].nonEmpty).toBe(2);

    const headerless = await extractBuffer(Buffer.from('1,2\n3,4\n5,6,7\n'), 'n.csv', 'csv');
    expect(headerless.sheets![0].rowCount).toBe(3);
    expect(headerless.sheets![0].columns.map((col) => col.name)).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(headerless.sheets![0].columns[0]).toMatchObject({ type: 'number', min: 1, max: 5, sum: 9 });
  });

  it('reads a table as offices lay it out: unit row, blank rows, a table ended by prose or notes (issue 40)', async () => {
    const csv = [
      '市区町村別人口,,',
      '単位：千人,,',
      ',,',
      '市区町村,人口,前年差',
      '札幌市,"1,973",△3',
      '仙台市,"１,０９６",▲1',
      '千葉市,975,x',
      '横浜市,"3,772",…',
      ',,',
      'この表は住民基本台帳に基づく推計で、外国人を含みます。,,',
      '静岡市,690,-2',
    ].join('\r\n');
    const [sheet] = (await extractBuffer(Buffer.from(csv), 'pop.csv')).sheets!;
    expect(sheet.title).toBe('市区町村別人口');
    expect(sheet.unit).toBe('千人');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.notes).toEqual(['この表は住民基本台帳に基づく推計で、外国人を含みます。', '静岡市 690 -2']);
    expect(sheet.columns.map((c) => [c.name, c.type])).toEqual([
      ['市区町村', 'text'],
      ['人口', 'number'],
      ['前年差', 'number'],
    ]);
    // Quoted thousands separators and full-width digits; △/▲ are minus; 「x」「…」 are empty.
    expect(sheet.columns[1]).toMatchObject({ min: 975, max: 3772, sum: 1973 + 1096 + 975 + 3772 });
    expect(sheet.columns[2]).toMatchObject({ min: -3, max: -1, nonEmpty: 2 });
    expect(sheet.profile!.roles.find((r) => r.name === '人口')!.unit).toBe('千人');
    // English notes end a table too; a row that merely starts with a note word inside the data does not.
    const en = 'Country;Exports\nJapan;100\nNotes app maker;5\nKorea;80\nSource: national statistics\nGermany;120\n';
    const [t] = (await extractBuffer(Buffer.from(en), 'exports.txt')).sheets!;
    expect(t.rowCount).toBe(3);
    expect(t.notes).toEqual(['Source: national statistics', 'Germany 120']);
  });

  it('caps the frequent-value map for high-cardinality columns', async () => {
    const rows = ['id,group'];
    for (let i = 0; i < 5000; i++) rows.push(`u${i},${i % 3 === 0 ? 'common' : `g${i}`}`);
    const c = await extractBuffer(Buffer.from(rows.join('\n')), 'ids.csv', 'csv');
    const [id, group] = c.sheets![0].columns;
    expect(id.distinctCapped).toBe(true);
    expect(id.distinct).toBe(1000);
    expect(group.topValues[0].value).toBe('common');
  });
});

describe('extractContent: Excel', () => {
  it('reads every sheet of the workbook with the streaming reader', async () => {
    const c = await extractSample('world-city-populations.xlsx');
    expect(c.kind).toBe('table');
    expect(c.language).toBe('en');
    expect(c.sheets!.map((s) => [s.name, s.rowCount])).toEqual([
      ['Cities', 40],
      ['Notes', 5],
    ]);
    const cities = c.sheets![0];
    expect(cities.columns.map((col) => [col.name, col.type])).toEqual([
      ['City', 'text'],
      ['Country', 'text'],
      ['Population', 'number'],
      ['Area km²', 'number'],
      ['Year', 'number'],
    ]);
    expect(cities.columns[2]).toMatchObject({ max: 24_870_895, maxLabel: 'Shanghai', minLabel: 'Manila' });
    expect(cities.columns[1].topValues.slice(0, 3).map((t) => t.count)).toEqual([3, 3, 3]);
    expect(c.keywords).toEqual(expect.arrayContaining(['city', 'population']));
    await expectCover(c.cover);
  });

  it('returns a minimal description for a damaged workbook', async () => {
    const broken = sample('world-city-populations.xlsx').subarray(0, 3000);
    const c = await extractBuffer(broken, 'broken.xlsx', 'xlsx');
    expect(c.kind).toBe('table');
    expect(c.warnings!.length).toBeGreaterThan(0);
    await expectCover(c.cover);
  });
});

describe('extractContent: Word', () => {
  it('finds the title, headings and paragraphs of the English report', async () => {
    const c = await extractSample('remote-work-survey.docx');
    expect(c.kind).toBe('document');
    expect(c.language).toBe('en');
    expect(c.document!.title).toBe('Remote Work Survey 2025');
    expect(c.document!.headings).toEqual([
      'Introduction',
      'Methodology',
      'Key findings',
      'Productivity',
      'Well-being',
      'Collaboration',
      'Challenges',
      'Recommendations',
      'Conclusion',
    ]);
    expect(c.document!.paragraphs).toHaveLength(16);
    expect(c.document!.characterCount).toBeGreaterThan(2000);
    expect(c.keywords.slice(0, 5)).toEqual(expect.arrayContaining(['remote', 'work']));
    await expectCover(c.cover);
  });

  it('reads the Japanese report', async () => {
    const c = await extractSample('community-report-ja.docx');
    expect(c.language).toBe('ja');
    expect(c.document!.title).toBe('地域活動の報告書 2024年度');
    expect(c.document!.headings).toContain('防災訓練');
    expect(c.keywords).toEqual(expect.arrayContaining(['活動', '地域', '防災']));
  });

  it('never throws for a damaged .docx or .doc', async () => {
    const docx = await extractBuffer(Buffer.from('PK\u0003\u0004 not really a zip'), 'bad.docx', 'docx');
    expect(docx.kind).toBe('document');
    expect(docx.document).toEqual({ headings: [], paragraphs: [], characterCount: 0 });
    expect(docx.warnings!.length).toBeGreaterThan(0);
    expect(docx.unreadable).toMatch(/could not be read/);
    await expectCover(docx.cover);
    const doc = await extractBuffer(compoundFile('WordDocument', Buffer.alloc(600, 7)), 'bad.doc', 'doc');
    expect(doc.kind).toBe('document');
    await expectCover(doc.cover);
  });
});

describe('extractContent: legacy Excel', () => {
  it('lists the sheet names of a .xls compound file', async () => {
    const xls = compoundFile('Workbook', biffWorkbook(['Sales', '集計']));
    const c = await extractBuffer(xls, 'old.xls');
    expect(c.fileType.kind).toBe('xls');
    expect(c.sheets!.map((s) => s.name)).toEqual(['Sales', '集計']);
    expect(c.warnings!.join(' ')).toMatch(/legacy/);
  });

  it('describes an unreadable .xls by what is known, and says it could not be read', async () => {
    const c = await extractBuffer(Buffer.from('not a compound file'), 'odd.xls', 'xls');
    expect(c.kind).toBe('table');
    expect(c.sheets).toEqual([]);
    expect(c.unreadable).toMatch(/could not be read/);
  });
});

describe('extractContent: JPEG', () => {
  it('reads size, date and camera, notes GPS without copying it, and strips EXIF from the cover', async () => {
    const c = await extractSample('park-photo.jpg');
    expect(c.kind).toBe('image');
    expect(c.image).toEqual({ width: 1600, height: 1067, format: 'jpeg', takenAt: '2025-05-03T10:24:31', camera: 'Canon EOS R6', hasGps: true });
    const everything = JSON.stringify({ ...c, cover: undefined });
    expect(everything).not.toMatch(/35\/1|139\/1|GPSLatitude|GPSLongitude|35\.6|139\.6/);
    await expectCover(c.cover);
  });

  it('reports the oriented size and no GPS for a plain JPEG', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a8' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const c = await extractBuffer(jpeg, 'rotated.jpg');
    expect(c.image).toMatchObject({ width: 200, height: 300, hasGps: false });
    expect(c.image!.takenAt).toBeUndefined();
  });

  it('does not throw for a truncated JPEG', async () => {
    const c = await extractBuffer(sample('park-photo.jpg').subarray(0, 400), 'cut.jpg', 'jpeg');
    expect(c.kind).toBe('image');
    await expectCover(c.cover);
  });
});

describe('extractContent: storage errors', () => {
  it('rethrows a failure to open the file (so the job is retried)', async () => {
    await expect(
      extractContent(async () => Promise.reject(new Error('storage down')), dataFileType('csv'), { fileName: 'a.csv', sizeBytes: 1 }),
    ).rejects.toThrow('storage down');
  });
});
