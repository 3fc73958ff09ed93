/**
 * Writes the bundled sample data files used by the demo seed, the e2e tests and the browser
 * journeys. Deterministic: running it again produces the same content (JPEG/XLSX timestamps
 * aside). Run from backend/: `node samples/make-samples.mjs`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { zipPackage } from '../scripts/zip-package.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = (name) => join(here, name);

/** Small deterministic PRNG (mulberry32) so the samples do not change between runs. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const csvCell = (v) => {
  const s = String(v ?? '');
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

// ---------------------------------------------------------------- 1. prefecture-health-insurance.csv
// 協会けんぽ 都道府県単位保険料率 (令和5年度の水準), 前年度からの差 (ポイント), 加入者数 (人, 概数), 地域.
const PREFECTURES = [
  ['北海道', 10.29, 0.07, 1648000, '北海道'], ['青森県', 9.79, -0.09, 436000, '東北'], ['岩手県', 9.77, 0.03, 420000, '東北'],
  ['宮城県', 10.05, 0.04, 812000, '東北'], ['秋田県', 9.86, 0.0, 331000, '東北'], ['山形県', 9.98, 0.06, 405000, '東北'],
  ['福島県', 9.53, -0.12, 686000, '東北'], ['茨城県', 9.73, -0.04, 908000, '関東'], ['栃木県', 9.96, 0.1, 665000, '関東'],
  ['群馬県', 9.76, -0.05, 668000, '関東'], ['埼玉県', 9.82, -0.03, 1573000, '関東'], ['千葉県', 9.87, 0.0, 1234000, '関東'],
  ['東京都', 10.0, 0.19, 8016000, '関東'], ['神奈川県', 10.02, -0.01, 2132000, '関東'], ['新潟県', 9.33, -0.18, 826000, '中部'],
  ['富山県', 9.57, -0.04, 419000, '中部'], ['石川県', 9.66, -0.14, 446000, '中部'], ['福井県', 9.91, 0.0, 303000, '中部'],
  ['山梨県', 9.67, 0.01, 265000, '中部'], ['長野県', 9.49, -0.18, 705000, '中部'], ['岐阜県', 9.8, -0.11, 722000, '中部'],
  ['静岡県', 9.75, -0.06, 1254000, '中部'], ['愛知県', 10.01, 0.08, 2498000, '中部'], ['三重県', 9.81, -0.03, 580000, '近畿'],
  ['滋賀県', 9.73, -0.05, 400000, '近畿'], ['京都府', 10.09, 0.03, 863000, '近畿'], ['大阪府', 10.29, 0.0, 3532000, '近畿'],
  ['兵庫県', 10.17, 0.0, 1617000, '近畿'], ['奈良県', 10.14, 0.07, 322000, '近畿'], ['和歌山県', 10.0, -0.12, 313000, '近畿'],
  ['鳥取県', 9.82, -0.11, 198000, '中国'], ['島根県', 10.26, 0.25, 251000, '中国'], ['岡山県', 10.07, -0.04, 690000, '中国'],
  ['広島県', 9.92, -0.08, 1077000, '中国'], ['山口県', 9.96, 0.08, 448000, '中国'], ['徳島県', 10.25, 0.22, 250000, '四国'],
  ['香川県', 10.23, 0.14, 384000, '四国'], ['愛媛県', 10.01, -0.02, 514000, '四国'], ['高知県', 10.1, 0.0, 235000, '四国'],
  ['福岡県', 10.36, -0.15, 1987000, '九州・沖縄'], ['佐賀県', 10.51, 0.08, 296000, '九州・沖縄'], ['長崎県', 10.21, -0.05, 467000, '九州・沖縄'],
  ['熊本県', 10.32, -0.13, 659000, '九州・沖縄'], ['大分県', 10.2, -0.06, 453000, '九州・沖縄'], ['宮崎県', 9.76, -0.06, 416000, '九州・沖縄'],
  ['鹿児島県', 10.26, -0.04, 609000, '九州・沖縄'], ['沖縄県', 9.89, -0.2, 678000, '九州・沖縄'],
];
writeFileSync(
  out('prefecture-health-insurance.csv'),
  csv([
    ['都道府県', '保険料率(%)', '前年比', '加入者数', '地域'],
    ...PREFECTURES.map(([p, rate, diff, members, region]) => [p, rate.toFixed(2), diff > 0 ? `+${diff.toFixed(2)}` : diff.toFixed(2), members, region]),
  ]),
);

// ---------------------------------------------------------------- 2. tokyo-weather-2025.csv (Shift_JIS)
/** A Shift_JIS encoder built from the platform's decoder (Node ships no SJIS encoder). */
function shiftJisEncoder() {
  const decoder = new TextDecoder('shift_jis');
  const table = new Map();
  const leads = [];
  for (let b = 0x81; b <= 0x9f; b++) leads.push(b);
  for (let b = 0xe0; b <= 0xfc; b++) leads.push(b);
  for (const lead of leads) {
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(Uint8Array.of(lead, trail));
      if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  }
  return (text) => {
    const bytes = [];
    for (const ch of text) {
      const code = ch.codePointAt(0);
      if (code < 0x80) bytes.push(code);
      else if (table.has(ch)) bytes.push(...table.get(ch));
      else throw new Error(`not in Shift_JIS: ${ch}`);
    }
    return Buffer.from(bytes);
  };
}
{
  const fixed1 = (x) => (Math.abs(x) < 0.05 ? 0 : x).toFixed(1);
  const random = rng(2025);
  const rows = [['日付', '平均気温(℃)', '最高気温(℃)', '最低気温(℃)', '降水量(mm)', '日照時間(h)', '天気概況']];
  const start = Date.UTC(2025, 0, 1);
  for (let d = 0; d < 365; d++) {
    const date = new Date(start + d * 86_400_000);
    const season = 16.6 - 11.2 * Math.cos((2 * Math.PI * (d - 22)) / 365);
    const mean = season + (random() - 0.5) * 4.2;
    const high = mean + 3.5 + random() * 3;
    const low = mean - 3 - random() * 2.5;
    const month = date.getUTCMonth() + 1;
    const wetness = month === 6 || month === 9 ? 0.45 : month === 7 || month === 10 ? 0.35 : month <= 2 || month === 12 ? 0.18 : 0.3;
    const rain = random() < wetness ? Math.round(-Math.log(1 - random()) * 9 * 2) / 2 : 0;
    const sun = rain > 10 ? random() * 1.5 : rain > 0 ? random() * 5 : 4 + random() * 7;
    const weather = rain >= 20 ? '大雨' : rain >= 5 ? '雨' : rain > 0 ? (sun > 2 ? '晴一時雨' : '曇一時雨') : sun > 8 ? '快晴' : sun > 5 ? '晴' : sun > 2 ? '曇時々晴' : '曇';
    const missingSun = d === 58 || d === 211 || d === 212; // 欠測
    rows.push([
      date.toISOString().slice(0, 10).replace(/-/g, '/'),
      fixed1(mean),
      fixed1(high),
      fixed1(low),
      rain.toFixed(1),
      missingSun ? '' : sun.toFixed(1),
      weather,
    ]);
  }
  writeFileSync(out('tokyo-weather-2025.csv'), shiftJisEncoder()(csv(rows)));
}

// ---------------------------------------------------------------- 3. world-city-populations.xlsx
{
  const CITIES = [
    ['Tokyo', 'Japan', 14_047_594, 2194.1, 2023], ['Delhi', 'India', 16_787_941, 1484, 2011], ['Shanghai', 'China', 24_870_895, 6340.5, 2020],
    ['São Paulo', 'Brazil', 11_451_245, 1521.1, 2022], ['Mexico City', 'Mexico', 9_209_944, 1485, 2020], ['Cairo', 'Egypt', 10_025_657, 3085.1, 2021],
    ['Mumbai', 'India', 12_442_373, 603.4, 2011], ['Beijing', 'China', 21_893_095, 16410.5, 2020], ['Dhaka', 'Bangladesh', 10_278_882, 306.4, 2022],
    ['Osaka', 'Japan', 2_752_412, 225.3, 2020], ['New York City', 'United States', 8_258_035, 783.8, 2023], ['Karachi', 'Pakistan', 20_382_881, 3780, 2023],
    ['Buenos Aires', 'Argentina', 3_120_612, 203, 2022], ['Istanbul', 'Turkey', 15_655_924, 5461, 2023], ['Kolkata', 'India', 4_496_694, 206.1, 2011],
    ['Lagos', 'Nigeria', 8_048_430, 1171.3, 2006], ['Manila', 'Philippines', 1_846_513, 42.9, 2020], ['Rio de Janeiro', 'Brazil', 6_211_223, 1200.3, 2022],
    ['Guangzhou', 'China', 18_676_605, 7434.4, 2020], ['Los Angeles', 'United States', 3_820_914, 1302, 2023], ['Moscow', 'Russia', 13_104_177, 2561.5, 2021],
    ['Paris', 'France', 2_102_650, 105.4, 2023], ['London', 'United Kingdom', 8_866_180, 1572, 2021], ['Seoul', 'South Korea', 9_386_034, 605.2, 2023],
    ['Jakarta', 'Indonesia', 10_679_951, 661.5, 2020], ['Bangkok', 'Thailand', 5_494_932, 1568.7, 2023], ['Berlin', 'Germany', 3_878_100, 891.1, 2023],
    ['Madrid', 'Spain', 3_332_035, 604.3, 2023], ['Toronto', 'Canada', 2_794_356, 630.2, 2021], ['Nairobi', 'Kenya', 4_397_073, 696, 2019],
    ['Singapore', 'Singapore', 5_917_600, 734.3, 2023], ['Rome', 'Italy', 2_748_109, 1287.4, 2023], ['Lima', 'Peru', 10_092_000, 2672.3, 2023],
    ['Chicago', 'United States', 2_664_452, 589, 2023], ['Sydney', 'Australia', 5_450_496, 12367.7, 2023], ['Johannesburg', 'South Africa', 4_803_262, 1644.9, 2022],
    ['Ho Chi Minh City', 'Vietnam', 9_389_700, 2095, 2022], ['Tehran', 'Iran', 9_039_000, 730, 2016], ['Bogotá', 'Colombia', 7_968_095, 1587, 2023],
    ['Kinshasa', 'DR Congo', 16_316_000, 9965, 2023],
  ];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Monobook samples';
  workbook.created = new Date(Date.UTC(2025, 3, 1));
  workbook.modified = workbook.created;
  const cities = workbook.addWorksheet('Cities');
  cities.columns = [
    { header: 'City', key: 'city', width: 20 },
    { header: 'Country', key: 'country', width: 18 },
    { header: 'Population', key: 'population', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Area km²', key: 'area', width: 12, style: { numFmt: '#,##0.0' } },
    { header: 'Year', key: 'year', width: 8 },
  ];
  for (const [city, country, population, area, year] of CITIES) cities.addRow({ city, country, population, area, year });
  cities.getRow(1).font = { bold: true };
  const notes = workbook.addWorksheet('Notes');
  notes.columns = [
    { header: 'Topic', key: 'topic', width: 16 },
    { header: 'Note', key: 'note', width: 90 },
  ];
  notes.addRows([
    { topic: 'Population', note: 'Population of the city proper (administrative city limits), not of the wider metropolitan area.' },
    { topic: 'Area', note: 'Land area of the city proper in square kilometres.' },
    { topic: 'Year', note: 'Year of the census or official estimate the population figure comes from.' },
    { topic: 'Sources', note: 'National statistics offices and city governments; figures rounded as published.' },
    { topic: 'Caveat', note: 'City boundaries differ widely between countries, so densities are only roughly comparable.' },
  ]);
  await workbook.xlsx.writeFile(out('world-city-populations.xlsx'));
}

// ---------------------------------------------------------------- 4/5. DOCX files (hand-made OOXML zip)

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** blocks: [style, text] with style one of Title, Heading1, Heading2, or null for body text. */
function docx({ title, creator, language, blocks }) {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const paragraphs = blocks
    .map(([style, text]) => `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`)
    .join('');
  const font = language === 'ja' ? '<w:rFonts w:eastAsia="游明朝"/>' : '';
  const style = (id, name, size, extra = '') =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:before="240" w:after="120"/>${extra}</w:pPr><w:rPr><w:b/><w:sz w:val="${size}"/></w:rPr></w:style>`;
  return zipPackage([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
    ],
    [
      'docProps/core.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xml(title)}</dc:title><dc:creator>${xml(creator)}</dc:creator><dc:language>${language}</dc:language><dcterms:created xsi:type="dcterms:W3CDTF">2025-04-01T00:00:00Z</dcterms:created></cp:coreProperties>`,
    ],
    [
      'word/_rels/document.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ],
    [
      'word/styles.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}><w:docDefaults><w:rPrDefault><w:rPr>${font}<w:sz w:val="22"/><w:lang w:val="${language === 'ja' ? 'ja-JP' : 'en-US'}"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>${style('Title', 'Title', 48)}${style('Heading1', 'heading 1', 32, '<w:outlineLvl w:val="0"/>')}${style('Heading2', 'heading 2', 26, '<w:outlineLvl w:val="1"/>')}</w:styles>`,
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${paragraphs}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    ],
  ]);
}

writeFileSync(
  out('remote-work-survey.docx'),
  docx({
    title: 'Remote Work Survey 2025',
    creator: 'Monobook samples',
    language: 'en',
    blocks: [
      ['Title', 'Remote Work Survey 2025'],
      [null, 'A survey of 1,240 office workers in twelve mid-sized companies on how remote and hybrid work changed their productivity, well-being and collaboration.'],
      ['Heading1', 'Introduction'],
      [null, 'Since 2020 most knowledge workers have spent at least part of their week working from home. This report summarises how employees experience remote and hybrid work five years later, and what they expect from their employers.'],
      [null, 'The survey was commissioned by a regional business association to help member companies design their office policies.'],
      ['Heading1', 'Methodology'],
      [null, 'We surveyed 1,240 employees between February and March 2025 with an online questionnaire of 38 questions. Respondents worked in finance, software, manufacturing administration and public services.'],
      [null, 'Answers were weighted by company size. The margin of error is about three percentage points for the whole sample.'],
      ['Heading1', 'Key findings'],
      ['Heading2', 'Productivity'],
      [null, 'Sixty-two percent of respondents said they are more productive when working remotely, mainly because of fewer interruptions and no commute. Only eleven percent reported lower productivity at home.'],
      [null, 'Employees on hybrid schedules with two or three office days reported the highest productivity of all groups.'],
      ['Heading2', 'Well-being'],
      [null, 'Remote work saved respondents an average of 54 minutes of commuting per day. Most used the time for sleep, exercise and family.'],
      [null, 'However, thirty-one percent said they find it harder to switch off after work, and younger employees reported feeling isolated more often than older colleagues.'],
      ['Heading2', 'Collaboration'],
      [null, 'Teams rated video meetings as adequate for routine coordination but poor for brainstorming and for onboarding new colleagues.'],
      [null, 'Managers said that written documentation and shared task boards became far more important once teams were distributed.'],
      ['Heading1', 'Challenges'],
      [null, 'The most frequent problems were unreliable home internet connections, unsuitable home workspaces and unclear expectations about response times.'],
      [null, 'Employees without a separate room for work were twice as likely to report back pain and fatigue.'],
      ['Heading1', 'Recommendations'],
      [null, 'Companies should agree on core collaboration hours, fund ergonomic equipment for home offices, and reserve office days for meetings that benefit from being together in person.'],
      [null, 'New employees should spend more time in the office during their first three months, paired with an experienced colleague.'],
      ['Heading1', 'Conclusion'],
      [null, 'Remote and hybrid work are now a stable part of office life. Productivity gains are real, but they depend on good equipment, clear team agreements and deliberate effort to keep colleagues connected.'],
    ],
  }),
);

writeFileSync(
  out('community-report-ja.docx'),
  docx({
    title: '地域活動の報告書 2024年度',
    creator: 'Monobook samples',
    language: 'ja',
    blocks: [
      ['Title', '地域活動の報告書 2024年度'],
      [null, 'みどり町自治会が2024年度に行った地域活動の内容と参加者数、来年度の課題をまとめた報告書です。'],
      ['Heading1', '活動の概要'],
      [null, '本年度は清掃活動、防災訓練、子ども食堂、夏祭りの四つの活動を行い、延べ1,850人の住民が参加しました。'],
      [null, '前年度と比べて参加者は約12%増え、特に子育て世帯の参加が目立ちました。'],
      ['Heading1', '清掃活動'],
      [null, '毎月第一日曜日に公園と川沿いの清掃を行いました。年間で12回実施し、集めたごみは合計640kgでした。'],
      ['Heading1', '防災訓練'],
      [null, '9月に小学校の体育館で防災訓練を行い、320人が参加しました。避難所の開設手順と備蓄品の確認を住民と一緒に行いました。'],
      [null, '高齢者の避難を手伝う「支援者名簿」の登録者は45人になりました。'],
      ['Heading1', '子ども食堂'],
      [null, '毎週水曜日に公民館で子ども食堂を開き、1回あたり平均28人の子どもが利用しました。食材の多くは地域の農家と商店からの寄付です。'],
      ['Heading1', '夏祭り'],
      [null, '8月の夏祭りには約900人が来場しました。ボランティアは中学生を含めて60人が協力しました。'],
      ['Heading1', '来年度の課題'],
      [null, '役員の高齢化が進んでおり、若い世代の担い手を増やすことが最大の課題です。'],
      [null, '活動の案内をオンラインでも配信し、参加の申し込みをスマートフォンからできるようにする予定です。'],
    ],
  }),
);

// ---------------------------------------------------------------- 6. park-photo.jpg (with EXIF, incl. GPS)
{
  const width = 1600;
  const height = 1067;
  const random = rng(7);
  const trees = [];
  for (let i = 0; i < 26; i++) {
    const x = Math.round(random() * width);
    const y = Math.round(640 + random() * 120);
    const r = Math.round(45 + random() * 60);
    const shade = ['#2f6b3a', '#3d7f45', '#4f9152', '#2a5d35'][i % 4];
    trees.push(`<rect x="${x - 7}" y="${y}" width="14" height="${Math.round(r * 1.2)}" fill="#5b4330"/><circle cx="${x}" cy="${y - r * 0.3}" r="${r}" fill="${shade}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fb1e8"/><stop offset="1" stop-color="#d8ecf7"/></linearGradient>
    <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc46a"/><stop offset="1" stop-color="#4e8f3c"/></linearGradient>
    <linearGradient id="pond" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5d9cc9"/><stop offset="1" stop-color="#8cc3e3"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="1300" cy="170" r="70" fill="#fff6c9"/>
  <ellipse cx="420" cy="200" rx="150" ry="38" fill="#ffffff" opacity="0.85"/>
  <ellipse cx="520" cy="180" rx="110" ry="42" fill="#ffffff" opacity="0.9"/>
  <ellipse cx="1000" cy="280" rx="170" ry="34" fill="#ffffff" opacity="0.7"/>
  <path d="M0 620 Q 300 520 620 600 T 1200 570 T 1600 600 V 1067 H 0 Z" fill="#a9cf86"/>
  ${trees.join('\n  ')}
  <path d="M0 760 Q 400 700 800 760 T 1600 740 V 1067 H 0 Z" fill="url(#grass)"/>
  <ellipse cx="1080" cy="900" rx="330" ry="80" fill="url(#pond)"/>
  <path d="M120 1067 C 380 900 560 860 760 840" stroke="#d9c7a1" stroke-width="60" fill="none"/>
  <rect x="300" y="860" width="120" height="12" fill="#7a5436"/><rect x="310" y="872" width="8" height="30" fill="#7a5436"/><rect x="402" y="872" width="8" height="30" fill="#7a5436"/>
</svg>`;
  const jpeg = await sharp(Buffer.from(svg))
    .jpeg({ quality: 82, mozjpeg: true })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS R6', DateTime: '2025:05:03 10:24:31', Software: 'Monobook samples' },
      IFD2: { DateTimeOriginal: '2025:05:03 10:24:31' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 40/1 1860/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 41/1 4200/100' },
    })
    .toBuffer();
  writeFileSync(out('park-photo.jpg'), jpeg);
}

console.log('samples written to', here);
