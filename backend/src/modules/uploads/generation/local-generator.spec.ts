import { Readable } from 'node:stream';
import { DRAFT_LIMITS } from './draft';
import { extractContent } from './extract';
import { detectDataFile } from './file-types';
import { createBookGenerator } from './generator-factory';
import { LocalBookGenerator } from './local-generator';
import { pickTags } from './tags';
import { sample } from './testing/fixtures';
import { type BookDraft, type ExtractedContent, type GenerationContext } from './types';

const JA_TAGS = ['スポーツ', '健康', '医療', '気象', '人口', '地域', '写真', '働き方', '防災', '子育て', '経済', '音楽'];
const EN_TAGS = ['sports', 'health', 'weather', 'population', 'city', 'remote work', 'survey', 'photography', 'music', 'economy'];

const cache = new Map<string, ExtractedContent>();
async function content(name: string): Promise<ExtractedContent> {
  if (!cache.has(name)) {
    const buf = sample(name);
    cache.set(
      name,
      await extractContent(async () => Readable.from([buf]), detectDataFile(buf.subarray(0, 65536), name)!, { fileName: name, sizeBytes: buf.length }),
    );
  }
  return cache.get(name)!;
}

const generator = new LocalBookGenerator();
const texts = (d: BookDraft) => [d.title, d.summary, d.goodpoint, d.badpoint, d.point1, d.point2, d.point3, d.point4, d.point5, d.answer];
const japaneseShare = (s: string) =>
  (s.match(/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/gu)?.length ?? 0) / Math.max(1, s.replace(/[\s\d.,()%〜\-+/:]/g, '').length);

function expectWithinLimits(d: BookDraft) {
  expect([...d.title].length).toBeLessThanOrEqual(DRAFT_LIMITS.title);
  expect([...d.summary].length).toBeLessThanOrEqual(DRAFT_LIMITS.summary);
  for (const p of [d.point1, d.point2, d.point3, d.point4, d.point5]) expect([...p].length).toBeLessThanOrEqual(DRAFT_LIMITS.point1);
  for (const p of [d.goodpoint, d.badpoint, d.answer]) expect([...p].length).toBeLessThanOrEqual(400);
  expect(d.tags.length).toBeLessThanOrEqual(5);
  for (const t of texts(d)) expect(t.trim()).not.toBe('');
}

describe('LocalBookGenerator', () => {
  it('describes the Japanese health insurance CSV in Japanese, with its real columns and values', async () => {
    const ctx: GenerationContext = { language: 'ja', tagCandidates: JA_TAGS };
    const d = await generator.generate(await content('prefecture-health-insurance.csv'), ctx);
    expect(d.language).toBe('ja');
    expect(d.title).toBe('都道府県別の保険料率');
    expect(d.summary).toContain('47件（1行が1つの都道府県）');
    expect(d.summary).toContain('保険料率は佐賀県が最も高く（10.51%）、新潟県が最も低い（9.33%）');
    expect(d.point1).toBe('保険料率が最も高いのは佐賀県（10.51%）で、福岡県（10.36%）、熊本県（10.32%）が続きます。');
    expect(d.answer).toContain('佐賀県');
    expect(texts(d).join('\n')).toContain('地域別の平均では九州・沖縄が最も高く');
    expect(texts(d).join('\n')).not.toMatch(/平均9\.96|mean/);
    expect(d.badpoint).toContain('時期を表す列がない');
    for (const field of [d.summary, d.goodpoint, d.badpoint, d.answer]) expect(japaneseShare(field)).toBeGreaterThan(0.5);
    expect(d.tags).toEqual(expect.arrayContaining(['健康', '医療', '地域']));
    for (const tag of d.tags) expect(JA_TAGS).toContain(tag);
    expect(d.tags).not.toContain('スポーツ');
    expectWithinLimits(d);
  });

  it('is deterministic', async () => {
    const ctx: GenerationContext = { language: 'ja', tagCandidates: JA_TAGS };
    const c = await content('prefecture-health-insurance.csv');
    const first = await generator.generate(c, ctx);
    const again = await new LocalBookGenerator().generate(structuredClone(c), { ...ctx });
    expect(again).toEqual(first);
  });

  it('keeps the uploader title and writes in the UI language', async () => {
    const d = await generator.generate(await content('prefecture-health-insurance.csv'), {
      language: 'en',
      title: 'Health insurance rates 2023',
      tagCandidates: EN_TAGS,
    });
    expect(d.title).toBe('Health insurance rates 2023');
    expect(d.language).toBe('en');
    expect(d.summary).toMatch(
      /^This table covers Health insurance rates 2023\. 47 rows, one per prefecture\. The columns that matter: prefecture \(都道府県\), insurance rate \(保険料率\)/,
    );
    expect(d.summary).toContain('Insurance rate (保険料率) is highest in Saga (佐賀県) (10.51%)');
    expect(d.tags).toContain('health');
    expectWithinLimits(d);
  });

  it('describes the weather time series with its period, extremes and gaps', async () => {
    const d = await generator.generate(await content('tokyo-weather-2025.csv'), { language: 'ja', tagCandidates: JA_TAGS });
    expect(d.title).toBe('平均気温の推移（2025-01〜2025-12）');
    expect(d.summary).toMatch(/平均気温は2025-01（[\d.]+℃）と2025-12（[\d.]+℃）で大きな変化はなく、最高は2025-07の[\d.]+℃/);
    expect(d.badpoint).toContain('日照時間に3件の欠損');
    expect(d.tags).toEqual(['気象']);
    expectWithinLimits(d);
  });

  it('describes the English workbook, including its second sheet', async () => {
    const d = await generator.generate(await content('world-city-populations.xlsx'), { language: 'en', tagCandidates: EN_TAGS });
    expect(d.title).toBe('Population by City');
    // The Book says which sheet it is about.
    expect(d.summary).toContain('(the table on sheet “Cities” of 2 sheets)');
    expect(d.answer).toContain('Population is highest in Shanghai (24,870,895)');
    expect(texts(d).join('\n')).not.toMatch(/Year[^.]*(mean|over time)/);
    expect(texts(d).join('\n')).toContain('Sheet “Notes”');
    expect(d.tags).toEqual(expect.arrayContaining(['city', 'population']));
    expect(d.tags).not.toContain('remote work');
    expectWithinLimits(d);
  });

  it('summarises a document by its headings and key sentences', async () => {
    const d = await generator.generate(await content('remote-work-survey.docx'), { language: 'en', tagCandidates: EN_TAGS });
    expect(d.title).toBe('Remote Work Survey 2025');
    expect(d.summary).toContain('“Introduction”');
    expect(d.goodpoint).toContain('headings');
    const doc = (await content('remote-work-survey.docx')).document!;
    for (const p of [d.point1, d.point2, d.point3, d.point4, d.point5]) expect(doc.paragraphs.join(' ')).toContain(p);
    expect(d.tags).toEqual(expect.arrayContaining(['remote work', 'survey']));
    expectWithinLimits(d);

    const ja = await generator.generate(await content('community-report-ja.docx'), { language: 'ja', tagCandidates: JA_TAGS });
    expect(ja.title).toBe('地域活動の報告書 2024年度');
    expect(ja.summary).toMatch(/^約\d+字の文書で、6個の見出し/);
    expect(ja.tags).toEqual(expect.arrayContaining(['地域', '防災']));
    expectWithinLimits(ja);
  });

  it('describes a photo by size, date and camera without revealing its position', async () => {
    const d = await generator.generate(await content('park-photo.jpg'), { language: 'ja', description: '代々木公園の春の風景', tagCandidates: JA_TAGS });
    expect(d.summary).toContain('1600×1067ピクセル');
    expect(d.summary).toContain('2025年5月3日');
    expect(d.summary).toContain('代々木公園の春の風景');
    expect(texts(d).join('\n')).toContain('Canon EOS R6');
    expect(d.badpoint).toContain('位置情報（GPS）');
    expect(d.tags).toContain('写真');
    expectWithinLimits(d);
  });

  it('writes something sensible for a file that could not be read', async () => {
    const broken = await extractContent(
      async () => Readable.from([Buffer.from('garbage')]),
      { kind: 'xlsx', mime: 'x', extension: 'xlsx' },
      { fileName: 'budget.xlsx', sizeBytes: 7 },
    );
    const d = await generator.generate(broken, { language: 'ja', tagCandidates: JA_TAGS });
    expect(d.title).toBe('Budget');
    expect(d.badpoint).toContain('読み取れなかった');
    expect(d.tags).toEqual(['経済']); // "budget" in the file name, through the synonym table
  });

  it('is what the factory builds for the local setting', () => {
    expect(createBookGenerator({ generator: 'local' }).name).toBe('local');
    expect(createBookGenerator({ generator: 'llm', llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } }).name).toBe('llm:m');
    expect(() => createBookGenerator({ generator: 'llm' })).toThrow();
  });
});

describe('pickTags', () => {
  it('matches names, substrings and synonyms, never inventing tags', () => {
    const source = { texts: ['毎日の最高気温と降水量'], keywords: ['気温', '降水量'] };
    expect(pickTags(['気象', '天気', 'スポーツ'], source)).toEqual(['気象', '天気']);
    expect(pickTags(['weather', 'music'], { texts: [], keywords: ['temperature', 'rainfall'] })).toEqual(['weather']);
    expect(pickTags([], source)).toEqual([]);
  });

  it('ignores a single incidental mention and caps the result at five', () => {
    expect(pickTags(['work'], { texts: ['National statistics offices publish figures.'], keywords: ['population'] })).toEqual([]);
    const many = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    expect(pickTags(many, { texts: [], keywords: many })).toHaveLength(5);
  });
});
