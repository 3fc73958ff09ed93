/**
 * The generator against real public data (backend/test/fixtures/corpus, sources in SOURCES.md):
 * for each file, facts its Book must state and statistics it must not state, in both languages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { profileInLanguage } from '../../books/book.packer';
import { columnProfile } from './column-profile';
import { extractContent } from './extract';
import { detectDataFile } from './file-types';
import { ATTRIBUTE_SEED, CALENDAR_TAGS } from '../../tags/tag-seed';
import { decodeHead } from './csv-sniff';
import { LocalBookGenerator, mainSheet } from './local-generator';
import { type BookDraft, type ContentLanguage, type ExtractedContent, type SheetSummary } from './types';

const CORPUS = [join(process.cwd(), 'test/fixtures/corpus'), join(process.cwd(), 'backend/test/fixtures/corpus')].find((d) => existsSync(d))!;

interface Case {
  file: string;
  /** Facts the Book states, per language (all text fields together). */
  must: Partial<Record<ContentLanguage, Array<string | RegExp>>>;
  /** Statistics that make no sense for this data, in any language. */
  mustNot: Array<string | RegExp>;
  /** The headline measure and the cover's chart kind, when the table has one. */
  headline?: string;
  chart?: 'bars' | 'line';
}

const CASES: Case[] = [
  {
    file: 'kyokai-kenpo-rates-r5.csv',
    headline: '健康保険料率(%)',
    chart: 'bars',
    must: {
      ja: ['佐賀県（10.51%）', '新潟県（9.33%）', '1.18ポイント', '令和5年度', /地域別の平均では/],
      en: [
        'Saga (佐賀県) (10.51%)',
        'Niigata (新潟県) (9.33%)',
        '1.18 percentage points',
        '令和5年度',
        'health insurance rate (健康保険料率)',
        '47 rows, one per prefecture',
      ],
    },
    mustNot: [/都道府県コード[^。.]*(平均|mean|最小|min)/, /年度[^。.]*(平均|mean)/, '2,021', /1行目|First row/],
  },
  {
    file: 'kyokai-kenpo-workbook.xlsx',
    headline: '健康保険料率(%)',
    chart: 'bars',
    must: {
      ja: ['協会けんぽ 都道府県単位保険料率（令和5年度）', '佐賀県（10.51%）', '新潟県（9.33%）', /全2シート/],
      en: ['Saga (佐賀県) (10.51%)', '2 sheets'],
    },
    mustNot: [/都道府県コード[^。.]*(平均|mean)/, /First row|1行目/],
  },
  {
    file: 'jp-prefectures.csv',
    headline: '隣接都道府県数',
    chart: 'bars',
    must: { ja: ['長野県（8）', '沖縄県が最も低い（1）', '47の都道府県'], en: ['Nagano (長野県) (8)', '47 prefecture values'] },
    mustNot: [/都道府県コード[^。.]*(平均|mean|から|from)/, /First row|1行目/],
  },
  {
    file: 'jp-postal-codes.sjis.csv',
    must: { ja: ['3,535件', '47の都道府県', '北海道（232件）'], en: ['3,535', '47 prefecture values', 'Hokkaido (北海道) (232)'] },
    mustNot: [/郵便番号[^。.]*(平均|mean|最小|最大|range)/, /都道府県コード[^。.]*(平均|mean)/],
  },
  {
    file: 'jp-holidays-2000-2030.csv',
    must: {
      ja: ['540件', '月（211件）', '2000-01-01から2030-11-23', '31年間で540件、1年あたり約17件'],
      en: ['540 holidays', 'Monday (211)', '540 rows over 31 years, about 17 a year'],
    },
    mustNot: [/平均|mean/],
  },
  {
    file: 'kyokai-kenpo-report-ja.docx',
    must: {
      ja: ['料率の高い都道府県', '佐賀県（10.51%）', /表: 保険料率は佐賀県が最も高く（10\.51%）/],
      en: ['料率の高い都道府県', 'Table: Insurance rate (保険料率) is highest in Saga (佐賀県) (10.51%)'],
    },
    mustNot: [/First row|1行目/],
  },
  {
    file: 'us-airports.csv',
    must: {
      en: [
        '3,376 airports',
        'most in AK (263)',
        'TX (209)',
        /Latitude and longitude give each row's location/,
        'The northernmost is Wiley Post Will Rogers Memorial (latitude 71.29)',
      ],
      ja: ['3,376件', 'AK（263件）', '最も北にあるのはWiley Post Will Rogers Memorial'],
    },
    mustNot: [/latitude[^.。]*(mean|平均)/i, /longitude[^.。]*(mean|平均)/i, /iata[^.。]*(mean|平均)/i],
  },
  {
    file: 'us-zipcodes.csv',
    // CA and TX have 191 zip codes each: a tie, said as one.
    must: { en: ['3,004 zipcodes', 'CA and TX tie for the most (191 each)'], ja: ['3,004件', 'CAとTXで同数（各191件）'] },
    mustNot: [/zip_code[^.。]*(ranges|mean|平均|〜)/i, /latitude[^.。]*(mean|平均)/i, '49,494', '99,950'],
  },
  {
    file: 'co2-mauna-loa.csv',
    headline: 'CO2',
    chart: 'line',
    must: {
      en: ['CO2 rose from 315.3 in 1958 to 414.5 in 2020', '+31.5%', 'largest rise came in 2016', 'peaks in May and bottoms out in September'],
      ja: ['1958年の315.3から2020年の414.5へ上昇', '+31.5%', '5月に最も高く、9月に最も低く'],
    },
    // The 60-year mean (355.3) says nothing about a rising series.
    mustNot: [/mean/, '355.3', /adjusted CO2 (rose|fell)/],
  },
  {
    file: 'disaster-deaths.csv',
    headline: 'Deaths',
    chart: 'line',
    must: {
      en: [
        'Drought has the highest total Deaths over 1900–2017 (11,731,294)',
        'Epidemic',
        'All natural disasters',
        'fell from 1,267,360 in 1900 to 2,087 in 2017',
        'peak was 3,706,227 in 1931',
      ],
      ja: ['Drought（11,731,294）', '「All natural disasters」', '減少'],
    },
    mustNot: [/All natural disasters has the highest/, /highest[^.]*All natural disasters/, /mean|平均/],
  },
  {
    file: 'global-temperature-anomaly.csv',
    headline: 'temp',
    chart: 'line',
    must: { en: ['rose from -0.17 in 1880 to 1.17 in 2023'], ja: ['1880年の-0.17から2023年の1.17へ上昇'] },
    mustNot: [/year[^.。]*(mean|平均)/, /788/],
  },
  {
    file: 'gapminder-health-income.csv',
    headline: 'income',
    chart: 'bars',
    must: {
      en: ['Qatar has the highest income (132,877)', 'Central African Republic (599)', 'By region', '187 rows, one per country'],
      ja: ['Qatar（132,877）', '地域別の平均', '所得（income）'],
    },
    mustNot: [/population[^.。]*(mean|平均)/],
  },
  {
    file: 'iowa-electricity.csv',
    headline: 'net_generation',
    must: {
      en: ['Fossil Fuels has the highest average net_generation (36,478)', 'rose from 13,550 in 2001 to 18,825 in 2017'],
      ja: ['Fossil Fuels（36,478）', '上昇'],
    },
    mustNot: [/year[^.。]*(mean|平均)/],
  },
  {
    file: 'us-employment.csv',
    headline: 'nonfarm',
    chart: 'line',
    must: { en: ['nonfarm', '2006', '2015', /largest fall came in 2009/], ja: ['2009年'] },
    // Seasonally adjusted: no season to report; monthly levels are never summed into years.
    mustNot: [/nonfarm_change[^.]*highest/, '1,637,463', 'Within each year', '1年の中では'],
  },
  {
    file: 'palmer-penguins.csv',
    headline: 'Body Mass (g)',
    chart: 'bars',
    must: {
      en: ['Gentoo has the highest average Body Mass (5,076 g)', 'Adelie (3,700.7 g)', 'By Island', 'Flipper Length'],
      ja: ['Gentoo（5,076 g）', '正の相関'],
    },
    mustNot: [/mean/],
  },
  {
    // Issue 25: precipitation was summed by weather type over four years, temperature never named.
    file: 'seattle-weather.csv',
    chart: 'line',
    headline: 'precipitation',
    must: {
      en: [
        '1,461 rows, one per day, from 2012-01-01 to 2015-12-31 (4 years)',
        'The columns that matter: date, precipitation, temp_max, temp_min, wind and weather',
        'Temp_max ranges from -1.6 to 35.6; its yearly average rose from 15.28 in 2012 to 17.43 in 2015',
        'Temp_min ranges from -7.1 to 18.3',
        'Precipitation is above 0 on 623 of 1,461 days (42.6%)',
        'Snow has the highest average precipitation (8.55)',
      ],
      ja: [
        '1,461日分の表で、日付（date）は2012-01-01から2015-12-31まで（4年間）です。',
        '最高気温（temp_max）は-1.6〜35.6で、年平均は2012年の15.28から2015年の17.43へ上がりました。',
        '降水量（precipitation）が0を超えた日は1,461日中623日（42.6%）です。',
        '5種類の天気',
        '雪（snow）',
      ],
    },
    // Never a four-year sum of daily precipitation per weather type (rain: 4,203.6), nor 「5のweather」.
    mustNot: [/date[^.。]*mean/, '4,203.6', /\d+のweather/, /highest in rain/],
  },
  {
    // 内閣府「国民の祝日」CSV (Shift_JIS, yyyy/m/d): the issue's file, 2020–2025.
    file: 'jp-syukujitsu-2020-2025.sjis.csv',
    must: {
      ja: ['108件が25種類の国民の祝日・休日名称に分かれ', '同数（各6件）', '2020/1/1から2025/11/24まで（6年間）', '6年間で108件、1年あたり約18件'],
      en: [
        'holiday name (国民の祝日・休日名称)',
        'tie for the most (6 each)',
        'from 2020/1/1 to 2025/11/24 (6 years)',
        '108 rows over 6 years, about 18 a year',
      ],
    },
    mustNot: [/平均|mean/, '108日分', 'one per day', /Jp syukujitsu[^.]*: 1,050/],
  },
  {
    // e-Stat-like: 令和2年国勢調査 population by prefecture, with the 全国 total row.
    file: 'jp-population-2020.csv',
    headline: '総人口（人）',
    chart: 'bars',
    must: {
      ja: ['総人口が最も高いのは東京都（14,047,594人）', '最も低いのは鳥取県（553,407人）', '47の地域', '「全国」の行は合計'],
      en: ['Tokyo (東京都) has the highest total population (総人口) (14,047,594 people)', 'Tottori (鳥取県) (553,407 people)', 'Japan (all) (全国)'],
    },
    // The 全国 row is a total, never a prefecture nor part of the range; populations are not averaged into a 2020 'total'.
    mustNot: ['126,146,099人', /全国[^。.]*最も高い/, /総人口の合計/, /total total/i],
  },
  {
    file: 'us-workbook.xlsx',
    must: { en: ['Fossil Fuels', '2 sheets', 'Airports by state'], ja: ['全2シート'] },
    mustNot: [/year[^.。]*(mean|平均)/],
  },
  {
    file: 'co2-decades-report.docx',
    must: {
      en: ['Carbon dioxide at Mauna Loa', 'Decade averages', 'ppm', 'Table: Mean CO2 rose from 315.7 ppm in 1950s to 414.5 ppm in 2020s'],
      ja: ['Decade averages', '表: 「Mean CO2」列は1950sの315.7 ppmから2020sの414.5 ppmへ上昇'],
    },
    mustNot: [/First row|1行目/],
  },
];

const cache = new Map<string, ExtractedContent>();
async function content(file: string): Promise<ExtractedContent> {
  if (!cache.has(file)) {
    const buf = readFileSync(join(CORPUS, file));
    const type = detectDataFile(buf.subarray(0, 65536), file);
    if (!type) throw new Error(`unknown type: ${file}`);
    cache.set(file, await extractContent(async () => Readable.from([buf]), type, { fileName: file, sizeBytes: buf.length }));
  }
  return cache.get(file)!;
}
const all = (d: BookDraft) => [d.title, d.summary, d.goodpoint, d.badpoint, d.point1, d.point2, d.point3, d.point4, d.point5, d.answer].join('\n');
const generator = new LocalBookGenerator();

describe('the Book of real public data (corpus)', () => {
  it('has at least 15 files in both languages, each recorded in SOURCES.md', () => {
    const sources = readFileSync(join(CORPUS, 'SOURCES.md'), 'utf8');
    expect(CASES.length).toBeGreaterThanOrEqual(15);
    for (const c of CASES) expect(sources).toContain(c.file);
    expect(CASES.filter((c) => /jp-|kenpo/.test(c.file)).length).toBeGreaterThanOrEqual(5);
  });

  it('writes every Book in both languages at once: Japanese that reads as Japanese, English sentences with capitals', async () => {
    const both = await generator.generateBoth(await content('seattle-weather.csv'), {
      title: 'Seattle weather',
      description: 'daily weather at Seattle airport',
      tagCandidates: { ja: ['天気', '気象'], en: ['weather'] },
    });
    expect(both.ja.language).toBe('ja');
    expect(both.en.language).toBe('en');
    // The English description joins as its own sentence, capitalised; the Japanese text quotes it
    // as written, marked untranslated (the built-in generator has no translator; issue 40).
    expect(both.en.summary).toContain('. Daily weather at Seattle airport. ');
    expect(both.ja.summary).toContain('投稿者のタイトルと説明は英語のままです（未翻訳）: 「Seattle weather」「daily weather at Seattle airport」。');
    expect(both.en.summary).not.toContain('not translated');
    for (const field of [both.ja.summary, both.ja.point1, both.ja.answer]) expect(field).toMatch(/[。）]$/);
    for (const field of [both.en.summary, both.en.goodpoint, both.en.point1, both.en.point2, both.en.answer]) {
      for (const sentence of field.split(/(?<=[.!?])\s+/)) expect(sentence).toMatch(/^[^a-z]/);
    }
    expect(both.ja.tags).toEqual(expect.arrayContaining(['天気']));
    expect(both.en.tags).toEqual(['weather']);
  });

  describe.each(CASES)('$file', (c) => {
    it.each(['ja', 'en'] as const)('states its facts and no meaningless statistic (%s)', async (language) => {
      const d = await generator.generate(await content(c.file), { language, tagCandidates: [] });
      const text = all(d);
      for (const fact of c.must[language] ?? []) {
        if (typeof fact === 'string') expect(text).toContain(fact);
        else expect(text).toMatch(fact);
      }
      for (const bad of c.mustNot) {
        if (typeof bad === 'string') expect(text).not.toContain(bad);
        else expect(text).not.toMatch(bad);
      }
      const points = [d.point1, d.point2, d.point3, d.point4, d.point5];
      expect(points.every((p) => p.trim() !== '')).toBe(true);
      expect(new Set(points).size).toBe(5);
    });

    if (c.headline) {
      it(`takes ${c.headline} as the headline measure and charts it (${c.chart ?? 'any'})`, async () => {
        const sheets = (await content(c.file)).sheets!;
        const profiled = sheets.filter((s) => s.profile?.headline);
        expect(profiled.map((s) => s.profile!.headline!.column)).toContain(c.headline);
        if (c.chart) expect(profiled.find((s) => s.profile!.headline!.column === c.headline)!.profile!.chart?.kind).toBe(c.chart);
      });
    }
  });

  // Column names explained in the reader's language (issue 25): each file's columns, as a reader
  // of each language gets them (undefined: the name is already in that language, or unknown).
  it.each([
    {
      file: 'seattle-weather.csv',
      ja: { date: '日付', precipitation: '降水量', temp_max: '最高気温', temp_min: '最低気温', wind: '風速', weather: '天気' },
      en: { date: undefined, precipitation: undefined, temp_max: undefined, temp_min: undefined, wind: undefined, weather: undefined },
    },
    {
      file: 'jp-population-2020.csv',
      ja: { 地域コード: undefined, 地域: undefined, 調査年: undefined, '総人口（人）': undefined },
      en: { 地域コード: 'Area code', 地域: 'Region', 調査年: 'Survey year', '総人口（人）': 'Total population (people)' },
    },
    {
      file: 'jp-syukujitsu-2020-2025.sjis.csv',
      ja: { '国民の祝日・休日月日': undefined, '国民の祝日・休日名称': undefined },
      en: { '国民の祝日・休日月日': 'Holiday date', '国民の祝日・休日名称': 'Holiday name' },
    },
    {
      file: 'kyokai-kenpo-rates-r5.csv',
      ja: { '健康保険料率(%)': undefined },
      en: {
        年度: 'Fiscal year',
        都道府県コード: 'Prefecture code',
        都道府県: 'Prefecture',
        '健康保険料率(%)': 'Health insurance rate (%)',
        前年度差: 'Change from the previous year',
        加入者数: 'Members',
      },
    },
    {
      file: 'palmer-penguins.csv',
      ja: { 'Body Mass (g)': '体重（g）', 'Flipper Length (mm)': 'ひれの長さ（mm）', Island: '島' },
      en: { 'Body Mass (g)': undefined },
    },
    { file: 'jp-holidays-2000-2030.csv', ja: { name: '名前', 曜日: undefined }, en: { 曜日: 'Day of the week', 祝日名: 'Holiday name', name: undefined } },
  ])("labels $file's columns in each reader's language", async ({ file, ja, en }) => {
    const stored = columnProfile(await content(file))!;
    expect(stored.labelled).toBe(true);
    for (const [language, expected] of [
      ['ja', ja],
      ['en', en],
    ] as const) {
      const served = profileInLanguage(stored as Parameters<typeof profileInLanguage>[0], language)!;
      const labels = Object.fromEntries(served.columns.map((c) => [c.name, c.label]));
      for (const [name, label] of Object.entries(expected)) expect([name, labels[name]]).toEqual([name, label]);
    }
  });

  it('finds the header below the title row and keeps the title', async () => {
    const sheets = (await content('kyokai-kenpo-workbook.xlsx')).sheets!;
    const rates = sheets.find((s) => s.name === '都道府県別')!;
    expect(rates.title).toBe('協会けんぽ 都道府県単位保険料率（令和5年度）');
    expect(rates.columns.map((col) => col.name)).toEqual(['都道府県コード', '都道府県', '健康保険料率(%)', '前年度差', '加入者数', '地域']);
    expect(rates.rowCount).toBe(47);
  });

  it('reads the tables of a Word document as tables', async () => {
    const doc = (await content('kyokai-kenpo-report-ja.docx')).document!;
    expect(doc.tables).toHaveLength(1);
    expect(doc.tables![0].columns.map((c) => c.name)).toEqual(['都道府県', '保険料率(%)', '地域']);
    expect(doc.tables![0].profile!.top[0]).toEqual({ label: '佐賀県', value: 10.51 });
    expect(doc.paragraphs.join('\n')).not.toContain('九州・沖縄\n');
  });

  it('gives codes, constants, coordinates and totals their roles', async () => {
    const roles = async (file: string) => Object.fromEntries((await content(file)).sheets![0].profile!.roles.map((r) => [r.name, r.role]));
    expect(await roles('kyokai-kenpo-rates-r5.csv')).toMatchObject({
      年度: 'constant',
      都道府県コード: 'identifier',
      都道府県: 'entity',
      '健康保険料率(%)': 'measure',
      地域: 'category',
    });
    expect(await roles('us-zipcodes.csv')).toMatchObject({ zip_code: 'identifier', latitude: 'coordinate', longitude: 'coordinate', state: 'category' });
    expect(await roles('us-airports.csv')).toMatchObject({ iata: 'identifier', latitude: 'coordinate' });
    expect(await roles('co2-mauna-loa.csv')).toMatchObject({ Date: 'time', CO2: 'measure' });
    const disasters = (await content('disaster-deaths.csv')).sheets![0].profile!;
    expect(disasters.totals.map((t) => t.label)).toEqual(['All natural disasters']);
    expect(disasters.top.map((t) => t.label)).not.toContain('All natural disasters');
  });

  // Issue 40: the same 協会けんぽ table as offices and programs save it (build-corpus.mjs, part 3).
  const RATES = ['都道府県', '健康保険料率(%)', '前年度差', '加入者数', '地域'];
  const TYPES = ['text', 'number', 'number', 'number', 'text'];
  describe.each([
    { file: 'office-kenpo-r5.eucjp.csv', encoding: 'euc-jp', columns: RATES },
    { file: 'office-kenpo-r5.jis.csv', encoding: 'iso-2022-jp', columns: RATES },
    { file: 'office-kenpo-r5.utf16.txt', encoding: 'utf-16le', columns: RATES },
    { file: 'office-kenpo-r5.tsv', encoding: 'utf-8', columns: RATES },
    { file: 'office-kenpo-r5.semicolon.txt', encoding: 'utf-8', columns: RATES },
    { file: 'office-kenpo-r5-estat.sjis.csv', encoding: 'shift_jis', columns: ['都道府県', '健康保険料率', '前年度差', '加入者数（人）', '地域'], unit: '%' },
    { file: 'office-kenpo-r5-merged.xlsx', columns: ['都道府県', '健康保険料率（合計）', '健康保険料率（個人負担分）', '加入者数', '地域'], sheet: '保険料率' },
  ])('office shape $file', ({ file, encoding, columns, unit, sheet }) => {
    it('is one table of the 47 prefectures with its own column names and types, and its extremes', async () => {
      const buf = readFileSync(join(CORPUS, file));
      if (encoding) expect(decodeHead(buf.subarray(0, 65536), buf.length < 65536)?.encoding).toBe(encoding);
      const c = await content(file);
      expect(c.unreadable).toBeUndefined();
      const main = c.sheets!.find((x) => x.profile?.headline)!;
      if (sheet) expect(main.name).toBe(sheet);
      expect(main.rowCount).toBe(47);
      expect(main.columns.map((col) => col.name)).toEqual(columns);
      expect(main.columns.map((col) => col.type)).toEqual(TYPES);
      expect(main.profile!.headline!.column).toBe(columns[1]);
      expect(main.profile!.top[0]).toEqual({ label: '佐賀県', value: 10.51 });
      expect(main.profile!.bottom[0]).toEqual({ label: '新潟県', value: 9.33 });
      if (unit) expect(main.profile!.headline!.unit).toBe(unit);
      const both = await generator.generateBoth(c, { title: '協会けんぽの保険料率', tagCandidates: { ja: [], en: [] } });
      const pct = unit || file.endsWith('.csv') || file.endsWith('.txt') || file.endsWith('.tsv') ? '%' : '';
      expect(all(both.ja)).toContain(`佐賀県が最も高く（10.51${pct}）`);
      expect(all(both.en)).toContain(`Saga (佐賀県) (10.51${pct})`);
      expect(all(both.en)).toContain('Niigata (新潟県)');
    });
  });

  it('reads an e-Stat table: title, unit row and blank row above; notes and source below, not rows', async () => {
    const main = (await content('office-kenpo-r5-estat.sjis.csv')).sheets![0];
    expect(main.title).toBe('協会けんぽ 都道府県単位保険料率（令和5年度）');
    expect(main.unit).toBe('%');
    expect(main.notes).toEqual(['注１）前年度差の「△」は引下げ、「－」は据置きを示す。', '資料：全国健康保険協会「都道府県単位保険料率」']);
    const change = main.columns.find((col) => col.name === '前年度差')!;
    // △0.20 is −0.20; the six 「－」 are read as empty cells.
    expect(change).toMatchObject({ type: 'number', min: -0.2, max: 0.25, nonEmpty: 41 });
    // Members keep their own unit (人) over the table's %.
    expect(main.profile!.roles.find((r) => r.name === '加入者数（人）')!.unit).toBe('人');
    const ja = await generator.generate(await content('office-kenpo-r5-estat.sjis.csv'), { language: 'ja', tagCandidates: [] });
    expect(ja.goodpoint).toContain('出典はファイルに「資料：全国健康保険協会「都道府県単位保険料率」」とあります。');
  });

  it('chooses the sheet of the main table over a notes sheet first, and says which', async () => {
    const c = await content('office-kenpo-r5-merged.xlsx');
    expect(c.sheets!.map((x) => x.name)).toEqual(['注意事項', '保険料率']);
    const rates = c.sheets![1];
    expect(rates.title).toBe('協会けんぽ 都道府県単位保険料率（令和5年度）');
    expect(rates.notes).toEqual(['注：個人負担分は保険料率の2分の1（労使折半）。']);
    expect(rates.columns[2]).toMatchObject({ name: '健康保険料率（個人負担分）', min: 4.67, max: 5.26, joined: true });
    // A sub-heading in brackets is not a unit.
    expect(rates.profile!.roles.find((r) => r.name === '健康保険料率（個人負担分）')!.unit).toBeUndefined();
    const both = await generator.generateBoth(c, { tagCandidates: { ja: [], en: [] } });
    expect(both.ja.summary).toContain('全2シートのうちシート「保険料率」の表');
    expect(both.en.summary).toContain('the table on sheet “保険料率” of 2 sheets');
    expect(both.en.summary).toContain("health insurance rate, employee's share (健康保険料率（個人負担分）)");
  });

  it('passes over a notes sheet even when it is longer than the table', async () => {
    const rates = (await content('office-kenpo-r5-merged.xlsx')).sheets![1];
    const notes: SheetSummary = {
      name: '注意事項',
      rowCount: 400,
      columns: [{ name: '説明', type: 'text', nonEmpty: 400, distinct: 400, topValues: [] }],
      sampleRows: [],
    };
    expect(mainSheet([notes, rates])!.name).toBe('保険料率');
    expect(mainSheet([{ ...notes, name: '一覧' }, rates])!.name).toBe('一覧');
  });

  // Issue 40: every Book gets at least one tag from the tag list of its language (the seed lists).
  // Why each gets what it gets: a tag is picked when its name or a word of its synonym group occurs
  // in the title, column names, keywords or values (tags.ts); with no such evidence, the candidate
  // with the most evidence below the threshold; with none, the tag of what the file is (a table of
  // figures → 統計 / Statistics, a document → 調査 / Research, a photo → 写真 / Photography).
  const corpusFiles = [
    ...CASES.map((c) => c.file),
    'office-kenpo-r5.eucjp.csv',
    'office-kenpo-r5-estat.sjis.csv',
    'office-kenpo-r5-merged.xlsx',
    'office-kenpo-r5.utf16.txt',
  ];
  const candidates = { ja: [...ATTRIBUTE_SEED.ja, ...CALENDAR_TAGS.ja], en: [...ATTRIBUTE_SEED.en, ...CALENDAR_TAGS.en] };
  it.each(corpusFiles)('tags %s in both languages from the tag lists', async (file) => {
    const both = await generator.generateBoth(await content(file), { tagCandidates: candidates });
    for (const language of ['ja', 'en'] as const) {
      expect(both[language].tags.length).toBeGreaterThanOrEqual(1);
      for (const tag of both[language].tags) expect(candidates[language]).toContain(tag);
    }
  });

  it.each([
    // The holiday lists: 祝日 in the column names (祝日名, 国民の祝日・休日名称) and the calendar group.
    { file: 'jp-holidays-2000-2030.csv', ja: ['祝日', 'カレンダー'], en: ['Holidays', 'Calendar'] },
    { file: 'jp-syukujitsu-2020-2025.sjis.csv', ja: ['祝日'], en: ['Holidays'] },
    // 健康保険料率: 健康 and 保険 in the column name, the health group (保険 → 医療, Health, Insurance).
    { file: 'office-kenpo-r5-estat.sjis.csv', ja: ['健康', '保険'], en: ['Health', 'Insurance'] },
    // Weather columns (precipitation, temp_max, weather): the weather group.
    { file: 'seattle-weather.csv', ja: ['気象'], en: ['Weather'] },
    // Penguin measurements: no tag's word occurs, nor a weak one: the tag of a table of figures.
    { file: 'palmer-penguins.csv', ja: ['統計'], en: ['Statistics'] },
    // The CO2 report: a document with no tag's word: the tag of a document.
    { file: 'co2-decades-report.docx', ja: ['調査'], en: ['Research'] },
  ])('explains the tags of $file', async ({ file, ja, en }) => {
    const both = await generator.generateBoth(await content(file), { tagCandidates: candidates });
    expect(both.ja.tags).toEqual(expect.arrayContaining(ja));
    expect(both.en.tags).toEqual(expect.arrayContaining(en));
  });
});
