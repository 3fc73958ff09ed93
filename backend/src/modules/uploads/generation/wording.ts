import { hasJapanese } from './text';
import { type ContentLanguage } from './types';

/**
 * Column names in the reader's language. A Japanese sentence never carries a bare English column
 * name (「最高気温（temp_max）」, else 「temp_max」列), and an English one glosses a Japanese name
 * when the glossary knows it ("prefecture (都道府県)").
 */

const EN_TO_JA: Record<string, string> = {
  date: '日付',
  day: '日',
  days: '日数',
  month: '月',
  year: '年',
  time: '時刻',
  period: '期間',
  week: '週',
  quarter: '四半期',
  precipitation: '降水量',
  precip: '降水量',
  rain: '雨',
  rainfall: '降水量',
  snowfall: '降雪量',
  temp: '気温',
  temperature: '気温',
  temp_max: '最高気温',
  temp_min: '最低気温',
  max_temp: '最高気温',
  min_temp: '最低気温',
  tmax: '最高気温',
  tmin: '最低気温',
  tavg: '平均気温',
  temp_avg: '平均気温',
  avg_temp: '平均気温',
  mean_temp: '平均気温',
  wind: '風速',
  wind_speed: '風速',
  windspeed: '風速',
  weather: '天気',
  humidity: '湿度',
  pressure: '気圧',
  sunshine: '日照時間',
  population: '人口',
  pop: '人口',
  country: '国',
  countries: '国',
  state: '州',
  city: '都市',
  town: '町',
  name: '名前',
  title: '題名',
  price: '価格',
  sales: '売上',
  revenue: '収入',
  cost: '費用',
  amount: '金額',
  count: '件数',
  number: '数',
  value: '値',
  total: '合計',
  region: '地域',
  area: '面積',
  category: '分類',
  type: '種類',
  kind: '種類',
  rate: '率',
  ratio: '比率',
  share: '割合',
  percent: '割合',
  age: '年齢',
  sex: '性別',
  gender: '性別',
  male: '男性',
  female: '女性',
  men: '男性',
  women: '女性',
  income: '所得',
  wage: '賃金',
  salary: '給与',
  score: '得点',
  rank: '順位',
  latitude: '緯度',
  longitude: '経度',
  lat: '緯度',
  lon: '経度',
  lng: '経度',
  id: 'ID',
  code: 'コード',
  prefecture: '都道府県',
  municipality: '市区町村',
  households: '世帯数',
  deaths: '死亡数',
  births: '出生数',
  cases: '件数',
  height: '高さ',
  weight: '重さ',
  elevation: '標高',
  distance: '距離',
  speed: '速度',
  duration: '時間',
  status: '状態',
  holiday: '祝日',
  snow: '雪',
  sun: '晴れ',
  fog: '霧',
  drizzle: '霧雨',
  cloudy: 'くもり',
  clear: '晴れ',
  sunny: '晴れ',
  health: '健康',
  source: '電源',
  generation: '発電量',
  net_generation: '正味発電量',
  species: '種',
  island: '島',
  county: '郡',
  zip_code: '郵便番号',
  zip: '郵便番号',
  beak_length: 'くちばしの長さ',
  beak_depth: 'くちばしの厚さ',
  bill_length: 'くちばしの長さ',
  bill_depth: 'くちばしの厚さ',
  flipper_length: 'ひれの長さ',
  body_mass: '体重',
  adjusted_co2: '季節調整済みCO2',
  entity: '対象',
  iata: 'IATAコード',
  nonfarm: '非農業部門雇用者数',
  nonfarm_change: '非農業部門雇用者数の増減',
  construction: '建設業',
  manufacturing: '製造業',
  government: '政府部門',
  information: '情報通信業',
  utilities: '公益事業',
  anomaly: '偏差',
  description: '説明',
  address: '住所',
  station: '駅',
  gdp: 'GDP',
  co2: 'CO2',
  emissions: '排出量',
  production: '生産量',
  consumption: '消費量',
  students: '生徒数',
  employees: '従業員数',
};

const JA_TO_EN: Record<string, string> = {
  日付: 'date',
  年: 'year',
  年度: 'fiscal year',
  月: 'month',
  日: 'day',
  年月日: 'date',
  月日: 'date',
  年月: 'month',
  時点: 'time',
  名称: 'name',
  名前: 'name',
  氏名: 'name',
  都道府県: 'prefecture',
  都道府県名: 'prefecture',
  市区町村: 'municipality',
  市区町村名: 'municipality',
  人口: 'population',
  総人口: 'total population',
  人口総数: 'total population',
  男: 'men',
  女: 'women',
  男性: 'men',
  女性: 'women',
  世帯数: 'households',
  気温: 'temperature',
  最高気温: 'highest temperature',
  最低気温: 'lowest temperature',
  平均気温: 'mean temperature',
  降水量: 'precipitation',
  天気: 'weather',
  風速: 'wind speed',
  湿度: 'humidity',
  祝日: 'holiday',
  祝日名: 'holiday name',
  休日: 'holiday',
  '国民の祝日・休日月日': 'holiday date',
  '国民の祝日・休日名称': 'holiday name',
  面積: 'area',
  件数: 'count',
  金額: 'amount',
  価格: 'price',
  健康保険料率: 'health insurance rate',
  個人負担分: "employee's share",
  事業主負担分: "employer's share",
  本人負担分: "employee's share",
  保険料率: 'insurance rate',
  前年度差: 'change from the previous year',
  加入者数: 'members',
  隣接都道府県数: 'neighbouring prefectures',
  地方: 'region',
  よみ: 'reading',
  ローマ字: 'romanised name',
  郵便番号: 'postal code',
  町域: 'area',
  曜日: 'day of the week',
  調査年: 'survey year',
  地域コード: 'area code',
  都道府県コード: 'prefecture code',
  地域: 'region',
  分類: 'category',
  種類: 'type',
  区分: 'category',
  項目: 'item',
  合計: 'total',
  人数: 'number of people',
  割合: 'share',
  売上: 'sales',
  売上高: 'sales',
  出生数: 'births',
  死亡数: 'deaths',
  人口密度: 'population density',
  世帯: 'households',
  年齢: 'age',
  性別: 'sex',
};

/** A Japanese bracket that holds a unit (「（人）」「（千円）」「（％）」), not a sub-heading (「（個人負担分）」). */
const JA_UNIT = /^[千万百億兆]*(円|人|件|世帯|戸|台|回|日|年|歳|時間|分|秒|トン|倍|ポイント|校|施設|社|店|床|本|頭|匹|か所|箇所|㎡|%|％|‰|℃)$|単位/;

/**
 * The name without its unit bracket (`Body Mass (g)`, 「総人口（人）」). A Japanese bracket that is
 * not a unit is kept: a header joined from two rows (「健康保険料率（個人負担分）」) names another column
 * than 「健康保険料率（合計）」.
 */
const clean = (name: string) => {
  const n = name.trim();
  const m = /\s*[(（\[]([^()（）[\]]{1,12})[)）\]]\s*$/.exec(n);
  if (!m || (hasJapanese(m[1]) && !JA_UNIT.test(m[1].trim()))) return n;
  return n.slice(0, m.index).trim() || n;
};

/** The glossary's word for a column name in the other language, if it knows it (whole name, else word by word). */
export function glossColumn(name: string, lang: ContentLanguage): string | undefined {
  const base = clean(name);
  if (lang === 'ja') {
    if (hasJapanese(base)) return undefined;
    const key = base.toLowerCase().replace(/[\s.-]+/g, '_');
    if (EN_TO_JA[key]) return EN_TO_JA[key];
    const parts = key.split('_').filter(Boolean);
    if (parts.length > 1 && parts.length <= 3 && parts.every((p) => EN_TO_JA[p])) {
      // max / min / avg come first in Japanese: temp_max → 最高気温.
      const mod = parts.find((p) => /^(max|min|avg|mean)$/.test(p));
      if (!mod) return parts.map((p) => EN_TO_JA[p]).join('');
    }
    if (parts.length === 2 && /^(max|min|avg|mean)$/.test(parts[1]) && EN_TO_JA[parts[0]])
      return `${{ max: '最高', min: '最低', avg: '平均', mean: '平均' }[parts[1]]}${EN_TO_JA[parts[0]]}`;
    return undefined;
  }
  if (!hasJapanese(base)) return undefined;
  const whole = JA_TO_EN[base] ?? JA_TO_EN[base.replace(/[・\s]/g, '')];
  if (whole) return whole;
  // A joined header: 健康保険料率（個人負担分） → health insurance rate, employee's share.
  const joined = /^(.+?)[（(]([^()（）]{1,12})[)）]$/.exec(base);
  if (joined && JA_TO_EN[joined[1]] && JA_TO_EN[joined[2]]) return `${JA_TO_EN[joined[1]]}, ${JA_TO_EN[joined[2]]}`;
  return undefined;
}

/** A column name for a sentence of the language: as written when it is of that language, glossed otherwise. */
export function columnLabel(name: string, lang: ContentLanguage): string {
  const base = clean(name);
  const gloss = glossColumn(name, lang);
  if (lang === 'ja') {
    if (hasJapanese(base)) return base;
    return gloss ? `${gloss}（${base}）` : `「${base}」列`;
  }
  if (!hasJapanese(base)) return base;
  return gloss ? `${gloss} (${base})` : `“${base}”`;
}

/** The bare word for a column (no original name), for counters and titles: 天気, weather. */
export function columnWord(name: string, lang: ContentLanguage): string {
  const base = clean(name);
  const gloss = glossColumn(name, lang);
  if (lang === 'ja') return hasJapanese(base) ? base : (gloss ?? `「${base}」`);
  return hasJapanese(base) ? (gloss ?? `“${base}”`) : base;
}

const PREFECTURES =
  '北海道:Hokkaido,青森:Aomori,岩手:Iwate,宮城:Miyagi,秋田:Akita,山形:Yamagata,福島:Fukushima,茨城:Ibaraki,栃木:Tochigi,群馬:Gunma,埼玉:Saitama,千葉:Chiba,東京:Tokyo,神奈川:Kanagawa,新潟:Niigata,富山:Toyama,石川:Ishikawa,福井:Fukui,山梨:Yamanashi,長野:Nagano,岐阜:Gifu,静岡:Shizuoka,愛知:Aichi,三重:Mie,滋賀:Shiga,京都:Kyoto,大阪:Osaka,兵庫:Hyogo,奈良:Nara,和歌山:Wakayama,鳥取:Tottori,島根:Shimane,岡山:Okayama,広島:Hiroshima,山口:Yamaguchi,徳島:Tokushima,香川:Kagawa,愛媛:Ehime,高知:Kochi,福岡:Fukuoka,佐賀:Saga,長崎:Nagasaki,熊本:Kumamoto,大分:Oita,宮崎:Miyazaki,鹿児島:Kagoshima,沖縄:Okinawa,全国:Japan (all)'
    .split(',')
    .map((p) => p.split(':') as [string, string]);
const PREFECTURE_EN = new Map<string, string>();
for (const [ja, en] of PREFECTURES) {
  PREFECTURE_EN.set(ja, en);
  if (ja !== '北海道' && ja !== '全国') PREFECTURE_EN.set(ja + (ja === '東京' ? '都' : ja === '大阪' || ja === '京都' ? '府' : '県'), en);
}

/** A value written in the file, for a sentence of the language: Japanese values are quoted in English text. */
export function valueLabel(value: string, lang: ContentLanguage): string {
  if (lang === 'en' && hasJapanese(value)) {
    const prefecture = PREFECTURE_EN.get(value.trim());
    return prefecture ? `${prefecture} (${value})` : `“${value}”`;
  }
  if (lang === 'ja' && !hasJapanese(value)) {
    const gloss = EN_TO_JA[value.trim().toLowerCase()];
    if (gloss && /^[a-z]/i.test(value)) return `${gloss}（${value}）`;
  }
  return value;
}

const WEEKDAYS: Record<string, string> = { 月: 'Monday', 火: 'Tuesday', 水: 'Wednesday', 木: 'Thursday', 金: 'Friday', 土: 'Saturday', 日: 'Sunday' };

/** A value of a column for a sentence: weekdays of a 曜日 column in English, else as valueLabel. */
export function columnValueLabel(column: string, value: string, lang: ContentLanguage): string {
  if (lang === 'en' && /曜/.test(column)) {
    const day = WEEKDAYS[value.trim().replace(/曜日?$/, '')];
    if (day) return day;
  }
  return valueLabel(value, lang);
}

/** Places are counted without 種類 (47の都道府県); kinds of things with it (5種類の天気). */
export function jaKinds(word: string): string {
  return /(都道府県|市区町村|自治体|^国$|国名$|^州$|都市|市$|町$|村$|地域$|地方$|県$)/.test(word) ? '' : '種類';
}

/** First letter upper-case (English sentences). */
export const capitalise = (s: string) => s.replace(/^(\s*[“"(]?)(\p{Ll})/u, (_, pre: string, c: string) => pre + c.toUpperCase());

/** The uploader's description as a sentence of its own, when it is written in the language of the text. */
export function descriptionSentence(description: string | undefined, lang: ContentLanguage): string {
  const d = (description ?? '').trim().replace(/\s+/g, ' ');
  if (!d) return '';
  if (hasJapanese(d) !== (lang === 'ja')) return '';
  if (lang === 'ja') return /[。！？」）)]$/.test(d) ? d : `${d}。`;
  const s = capitalise(d);
  return /[.!?”")]$/.test(s) ? s : `${s}.`;
}

const UNIT_EN: Record<string, string> = {
  人: 'people',
  千人: 'thousand people',
  万人: '10,000 people',
  円: 'yen',
  千円: 'thousand yen',
  万円: '10,000 yen',
  百万円: 'million yen',
  億円: '100 million yen',
  件: 'cases',
  世帯: 'households',
  歳: 'years old',
  年: 'years',
  日: 'days',
  回: 'times',
  台: 'units',
  校: 'schools',
  人口: 'people',
};
const UNIT_JA: Record<string, string> = { people: '人', persons: '人', yen: '円', years: '年', days: '日', cases: '件', households: '世帯' };

/** A unit for a label of the language (人 → people, yen → 円; symbols such as %, °C, mm, ppm as they are). */
export function unitLabel(unit: string, lang: ContentLanguage): string {
  const u = unit.trim();
  if (lang === 'en') return UNIT_EN[u] ?? (hasJapanese(u) ? '' : u);
  return UNIT_JA[u.toLowerCase()] ?? u;
}

/**
 * A column's name explained in the language(s) it is not written in, for the column profile: an
 * English column gets a Japanese label (temp_max → 最高気温), a Japanese one an English label
 * (総人口（人） → Total population (people)), each with the unit when it is known. A name the
 * glossary does not know gets no label (never half a translation).
 */
export function columnGlosses(name: string, unit?: string): Partial<Record<ContentLanguage, string>> {
  const out: Partial<Record<ContentLanguage, string>> = {};
  const japanese = hasJapanese(clean(name));
  const lang: ContentLanguage = japanese ? 'en' : 'ja';
  const gloss = glossColumn(name, lang);
  if (!gloss) return out;
  const u = unit ? unitLabel(unit, lang) : '';
  out[lang] = lang === 'ja' ? `${gloss}${u ? `（${u}）` : ''}` : `${capitalise(gloss)}${u ? ` (${u})` : ''}`;
  return out;
}
