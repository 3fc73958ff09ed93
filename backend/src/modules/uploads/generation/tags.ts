import { searchWords } from '../../../common/search/search-text';
import { KIND_TAGS } from '../../tags/tag-seed';

/**
 * Picks tags for a Book from existing tag names only: a candidate scores when it appears in the
 * content (column names, keywords, text), or when it belongs to a synonym group that the
 * content touches (保険 → 健康, 医療; temperature → weather, 気象 …).
 */

const SYNONYM_GROUPS: string[][] = [
  [
    '保険',
    '健康',
    '医療',
    '病院',
    '医師',
    '介護',
    '看護',
    '薬',
    '保健',
    'health',
    'healthcare',
    'medical',
    'medicine',
    'insurance',
    'hospital',
    'care',
    'wellbeing',
    'well-being',
  ],
  [
    '気温',
    '気象',
    '天気',
    '天候',
    '気候',
    '降水量',
    '降水',
    '雨',
    '日照',
    '湿度',
    '風速',
    'temperature',
    'weather',
    'climate',
    'rain',
    'rainfall',
    'precipitation',
    'humidity',
    'sunshine',
  ],
  ['人口', '世帯', '国勢調査', '人口密度', 'population', 'census', 'demographics', 'inhabitants'],
  ['都市', '市', '街', 'まちづくり', 'city', 'cities', 'urban', 'town'],
  [
    '働き方',
    '仕事',
    '労働',
    '雇用',
    '職場',
    'リモートワーク',
    'テレワーク',
    '在宅勤務',
    'リモート',
    'work',
    'remote',
    'employment',
    'job',
    'jobs',
    'office',
    'workplace',
    'productivity',
    'labor',
    'labour',
    'hybrid',
  ],
  ['調査', 'アンケート', '統計', '集計', 'survey', 'questionnaire', 'poll', 'statistics', 'respondents'],
  [
    '地域',
    '都道府県',
    '自治体',
    '市町村',
    '自治会',
    '地方',
    '町内会',
    'コミュニティ',
    'region',
    'regional',
    'prefecture',
    'prefectures',
    'local',
    'community',
    'municipality',
    'neighbourhood',
    'neighborhood',
  ],
  ['写真', '画像', 'カメラ', '撮影', '風景', 'photo', 'photograph', 'photography', 'image', 'picture', 'camera', 'landscape'],
  ['公園', '自然', '緑', '散歩', 'park', 'nature', 'garden', 'outdoor', 'outdoors'],
  [
    '料金',
    '料率',
    '費用',
    '価格',
    '金額',
    '予算',
    'お金',
    '経済',
    '家計',
    '税',
    'finance',
    'price',
    'prices',
    'cost',
    'costs',
    'money',
    'budget',
    'economy',
    'economics',
    'tax',
    'rate',
  ],
  ['学校', '教育', '学生', '生徒', '大学', 'school', 'education', 'student', 'students', 'university', 'learning'],
  ['交通', '鉄道', '駅', '電車', 'バス', '道路', '通勤', 'transport', 'transportation', 'traffic', 'train', 'railway', 'bus', 'commute', 'commuting'],
  ['スポーツ', '運動', 'マラソン', 'ランニング', '野球', 'サッカー', 'sports', 'sport', 'running', 'marathon', 'fitness', 'exercise', 'football', 'baseball'],
  ['食', '料理', '食品', '食事', 'グルメ', '食堂', 'food', 'cooking', 'meal', 'meals', 'restaurant', 'nutrition'],
  ['防災', '災害', '避難', '地震', '防犯', 'disaster', 'emergency', 'evacuation', 'earthquake', 'safety'],
  ['環境', 'ごみ', '清掃', 'リサイクル', 'エコ', 'environment', 'waste', 'recycling', 'cleanup', 'pollution'],
  ['世界', '国際', '海外', '各国', 'world', 'international', 'global', 'country', 'countries'],
  ['子ども', '子育て', '育児', '保育', '家族', 'children', 'child', 'kids', 'family', 'parenting', 'childcare'],
  ['ボランティア', '地域活動', '市民活動', '祭り', 'イベント', 'volunteer', 'volunteering', 'event', 'events', 'festival'],
  ['高齢者', '高齢化', 'シニア', '年金', 'elderly', 'aging', 'ageing', 'senior', 'seniors', 'pension'],
  ['東京', '大阪', '日本', '関東', '近畿', 'tokyo', 'osaka', 'japan', 'japanese'],
  ['ビジネス', '企業', '会社', '経営', 'business', 'company', 'companies', 'management', 'corporate'],
  ['祝日', '休日', '祭日', '国民の祝日', 'カレンダー', '暦', '曜日', '振替休日', 'holiday', 'holidays', 'calendar', 'weekday', 'weekdays'],
];

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const normalize = (s: string) => s.normalize('NFKC').toLowerCase().trim();

export interface TagSource {
  /** Running text (headings, paragraphs, values…): each occurrence counts 1. */
  texts: string[];
  /** What matters most (titles, keywords, column names): each occurrence counts 3. */
  keywords: string[];
}

/** A tag needs at least this much evidence (one keyword hit, or three mentions in the text). */
const MIN_SCORE = 3;
const KEYWORD_WEIGHT = 3;

class ContentIndex {
  private readonly text: string;
  private readonly keyText: string;
  private readonly words = new Map<string, number>();

  constructor(source: TagSource) {
    const texts = source.texts.map(normalize).filter(Boolean);
    const keys = source.keywords.map(normalize).filter(Boolean);
    this.text = texts.join('\n');
    this.keyText = keys.join('\n');
    for (const t of texts) for (const w of searchWords(t)) this.words.set(w, (this.words.get(w) ?? 0) + 1);
    for (const k of keys) for (const w of searchWords(k)) this.words.set(w, (this.words.get(w) ?? 0) + KEYWORD_WEIGHT);
  }

  private static occurrences(haystack: string, needle: string): number {
    let count = 0;
    let at = haystack.indexOf(needle);
    while (at >= 0 && count < 20) {
      count++;
      at = haystack.indexOf(needle, at + needle.length);
    }
    return count;
  }

  /** How strongly a term (a tag name or synonym) occurs in the content; 0 when absent. */
  weight(term: string): number {
    const t = normalize(term);
    if (!t) return 0;
    if (CJK.test(t)) {
      // Japanese has no spaces: a substring is a match (保険 in 健康保険料率).
      if ([...t].length < 2) return this.words.get(t) ?? 0;
      return ContentIndex.occurrences(this.text, t) + KEYWORD_WEIGHT * ContentIndex.occurrences(this.keyText, t);
    }
    const parts = searchWords(t);
    if (parts.length === 0) return 0;
    if (parts.length === 1) {
      const w = parts[0];
      return (this.words.get(w) ?? 0) + (this.words.get(`${w}s`) ?? 0) + (w.endsWith('s') ? (this.words.get(w.slice(0, -1)) ?? 0) : 0);
    }
    // A multi-word tag ("remote work") must occur as a phrase.
    const phrase = parts.join(' ');
    return ContentIndex.occurrences(this.text, phrase) + KEYWORD_WEIGHT * ContentIndex.occurrences(this.keyText, phrase);
  }
}

/** Does a tag name belong to a synonym group member (equal, or containing / contained for CJK)? */
function tagMatchesTerm(tag: string, term: string): boolean {
  const a = normalize(tag);
  const b = normalize(term);
  if (a === b) return true;
  if (CJK.test(a) && CJK.test(b) && [...a].length >= 2 && [...b].length >= 2) return a.includes(b) || b.includes(a);
  if (!CJK.test(a) && !CJK.test(b)) return a === `${b}s` || b === `${a}s`;
  return false;
}

/** Up to `limit` candidates, best first; ties keep the candidates' order. Never invents a tag. */
export function pickTags(candidates: string[], source: TagSource, limit = 5): string[] {
  const index = new ContentIndex(source);
  const groupWeights = SYNONYM_GROUPS.map((group) => {
    const total = group.reduce((sum, term) => sum + Math.min(6, index.weight(term)), 0);
    return total >= MIN_SCORE ? total : 0;
  });
  const seen = new Set<string>();
  const scored: Array<{ tag: string; score: number; order: number }> = [];
  candidates.forEach((tag, order) => {
    const key = normalize(tag);
    if (!key || seen.has(key)) return;
    seen.add(key);
    let score = index.weight(tag);
    SYNONYM_GROUPS.forEach((group, g) => {
      if (groupWeights[g] > 0 && group.some((term) => tagMatchesTerm(tag, term))) score += Math.min(6, groupWeights[g]) / 2;
    });
    if (score >= MIN_SCORE) scored.push({ tag, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.tag);
}

/**
 * The tag a Book gets when no candidate reached the evidence threshold, so that every Book has one
 * (issue 40): the candidate with the most evidence below the threshold; else the tag of what the
 * file is — a table of figures is 統計 / Statistics, a photo 写真 / Photography, a document
 * 調査 / Research — when that tag is among the candidates. Never a tag outside the candidates.
 */
export function fallbackTags(candidates: string[], source: TagSource, kind: 'table' | 'document' | 'image'): string[] {
  const index = new ContentIndex(source);
  let best: { tag: string; score: number } | undefined;
  for (const tag of candidates) {
    const score = index.weight(tag);
    if (score > 0 && (!best || score > best.score)) best = { tag, score };
  }
  if (best) return [best.tag];
  const wanted = [KIND_TAGS[kind].ja, KIND_TAGS[kind].en].map(normalize);
  const found = candidates.find((c) => wanted.includes(normalize(c)));
  return found ? [found] : [];
}
