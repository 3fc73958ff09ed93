import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { niceTicks, periodText, tableCover, tableCoverSvg } from './cover';
import { text, textWidth } from './cover-text';
import { extractContent } from './extract';
import { detectDataFile } from './file-types';
import { mainSheet } from './local-generator';
import { type ExtractedContent, type SheetSummary } from './types';

const CORPUS = [join(process.cwd(), 'test/fixtures/corpus'), join(process.cwd(), 'backend/test/fixtures/corpus')].find((d) => existsSync(d))!;

async function content(file: string): Promise<ExtractedContent> {
  const buf = readFileSync(join(CORPUS, file));
  return extractContent(async () => Readable.from([buf]), detectDataFile(buf.subarray(0, 65536), file)!, { fileName: file, sizeBytes: buf.length });
}

/** The texts a cover's SVG draws (each drawn text carries its words in a <title>). */
const texts = (svg: string) => [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const svgOf = (c: ExtractedContent, title: string) => tableCoverSvg(title, c.sheets!, mainSheet(c.sheets!), c.language);

/** Share of dark pixels (text, axes) in a band of the rendered cover. */
async function ink(jpeg: Buffer, top: number, height: number): Promise<number> {
  const { data, info } = await sharp(jpeg).extract({ left: 60, top, width: 1080, height }).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const v of data) if (v < 110) dark++;
  return dark / (info.width * info.height);
}

describe('table covers', () => {
  it("caption the uploader's title, never the file name nor the file's title row, when one was given (issue 40)", async () => {
    const buf = readFileSync(join(CORPUS, 'office-kenpo-r5-estat.sjis.csv'));
    const c = await extractContent(async () => Readable.from([buf]), detectDataFile(buf, 'syukujitsu_sjis.csv')!, {
      fileName: 'syukujitsu_sjis.csv',
      sizeBytes: buf.length,
      title: '協会けんぽの保険料率',
    });
    expect(c.sheets![0].name).toBe('協会けんぽの保険料率');
    const given = texts(tableCoverSvg('協会けんぽの保険料率', c.sheets!, mainSheet(c.sheets!), 'ja', true)).join('\n');
    expect(given).toContain('協会けんぽの保険料率');
    expect(given).not.toMatch(/Syukujitsu|令和5年度/);
    // Without a title the file's title row names the cover, as before.
    expect(texts(svgOf(c, 'Syukujitsu sjis')).join('\n')).toContain('令和5年度');
  });

  it('draw the headline over time with a caption, labelled axes and round ticks (Seattle weather)', async () => {
    const c = await content('seattle-weather.csv');
    const drawn = texts(svgOf(c, 'Seattle weather'));
    // Caption: what is shown and over which period; then the table and how the points aggregate.
    expect(drawn).toContain('precipitation · 2012–2015');
    expect(drawn).toContain('Seattle weather · yearly mean');
    // y axis titled with the measure and ticked; x axis with its first and last period and its column.
    expect(drawn).toEqual(expect.arrayContaining(['precipitation', 'date', '2012', '2015', '2.5', '3']));
    const svg = svgOf(c, 'Seattle weather');
    expect(svg).toContain('<polyline');
    expect(svg.match(/<line /g)!.length).toBeGreaterThanOrEqual(4);
  });

  it('draw ranked bars of a Japanese table with Japanese text as glyph outlines (census by prefecture)', async () => {
    const c = await content('jp-population-2020.csv');
    const svg = svgOf(c, 'Jp population 2020');
    // 47 prefectures, the 40 highest drawn: the caption says so (the last bar is not the lowest).
    expect(texts(svg)).toEqual(expect.arrayContaining(['総人口（人）', 'Jp population 2020 · 上位40（全47）', '東京都', '地域', '0', '5M', '10M']));
    // The total row is not a bar's label, and the caption does not call one row per prefecture a total.
    expect(texts(svg)).not.toContain('全国');
    expect(texts(svg).join(' ')).not.toMatch(/合計|total/);
    // Every character has its outline: no gaps (tofu) where a glyph is missing.
    const drawn = text('総人口（人）東京都 地域 国民の祝日・休日名称 2012–2015 °C', 0, 0, { size: 40, fill: '#000' });
    expect(drawn).toMatch(/<path d="M[^"]{200,}"/);
    expect(textWidth('東京都', 40)).toBeGreaterThan(3 * 40 * 0.9);
  });

  it('give a table with no measure a caption and its column names (the holidays CSV)', async () => {
    const c = await content('jp-syukujitsu-2020-2025.sjis.csv');
    const drawn = texts(svgOf(c, 'Jp syukujitsu'));
    expect(drawn).toEqual(expect.arrayContaining(['Jp syukujitsu', '108行 × 2列 · 2020–2025', '国民の祝日・休日月日', '国民の祝日・休日名称']));
    // An English table says it in English.
    const sheet: SheetSummary = {
      name: 'Sheet1',
      rowCount: 3,
      sampleRows: [],
      columns: [
        { name: 'name', type: 'text', nonEmpty: 3, distinct: 3, topValues: [] },
        { name: 'city', type: 'text', nonEmpty: 3, distinct: 2, topValues: [] },
      ],
    };
    expect(texts(tableCoverSvg('Friends', [sheet], sheet, 'en'))).toEqual(['Friends', '3 rows × 2 columns', 'name', 'city']);
    // A workbook read only by its sheet names (.xls) still gets a titled cover.
    const names: SheetSummary[] = ['Rates', 'Notes'].map((name) => ({ name, rowCount: 0, columns: [], sampleRows: [] }));
    expect(texts(tableCoverSvg('Old workbook', names, undefined, 'en'))).toEqual(['Old workbook', '2 sheets', 'Rates', 'Notes']);
  });

  it('render the caption and the axes into the image, legible at card size', async () => {
    const c = await content('seattle-weather.csv');
    const jpeg = await tableCover('Seattle weather', c.sheets!, mainSheet(c.sheets!), c.language);
    expect((await sharp(jpeg).metadata()).width).toBe(1200);
    // The caption band (y 60–125) carries ink: the text is drawn, not left to a missing font.
    expect(await ink(jpeg, 60, 65)).toBeGreaterThan(0.05);
    // Still there at the Book card's 140 px height.
    const card = await sharp(jpeg).resize({ height: 140 }).jpeg().toBuffer();
    const { data } = await sharp(card).extract({ left: 14, top: 13, width: 180, height: 15 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([...data].filter((v) => v < 130).length).toBeGreaterThan(60);
  });

  it('tick round values and shorten periods', () => {
    expect(niceTicks(2.27, 3.38, 3)).toEqual([2.5, 3]);
    expect(niceTicks(0, 14_047_594, 3)).toEqual([0, 5_000_000, 10_000_000]);
    expect(periodText('2012-01-01', '2015-12-31')).toBe('2012–2015');
    expect(periodText('2020/1/1', '2025/11/24')).toBe('2020–2025');
    expect(periodText('令和5年度', '令和5年度')).toBe('令和5年度');
  });
});
