import { searchWords } from '../../../common/search/search-text';
import { type ContentLanguage } from './types';

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const JAPANESE_G = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/gu;
const LATIN_G = /[A-Za-z\u00c0-\u024f]/g;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const HAS_DIGIT = /\p{Nd}/u;
const PUNCT_ONLY = /^[\p{P}\p{S}]+$/u;

/** 'ja' when kana/kanji make up a meaningful share of the letters, else 'en'. */
export function detectLanguage(text: string): ContentLanguage {
  const sample = text.length > 200_000 ? text.slice(0, 200_000) : text;
  const ja = sample.match(JAPANESE_G)?.length ?? 0;
  const latin = sample.match(LATIN_G)?.length ?? 0;
  if (ja === 0) return 'en';
  // A Japanese character carries roughly a word's worth of meaning; Latin letters ~1/5 of one.
  return ja >= 2 && ja * 5 >= latin ? 'ja' : 'en';
}

export function hasJapanese(text: string): boolean {
  return JAPANESE.test(text);
}

const EN_STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could
  did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it
  its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such
  than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which
  while who whom why will with would you your yours yourself yourselves one two three four five six seven eight nine ten first second third per
  may might must shall many much every within without among across via vs etc e.g i.e eg ie s t don doesn didn isn aren wasn weren
  new said say says like get got make made use used using however therefore thus although though yet still even well back way since
  percent total number value values data column row rows columns table sheet file note notes item items unknown n/a na`.split(/\s+/),
);

const JA_STOP = new Set(
  `こと もの ため よう これ それ あれ どれ ここ そこ あそこ どこ など および また ほか ところ とき さん です ます する した して
  いる ある なる れる られる について により による において における として ごと おり より まで から ので のに けど けれど
  その この あの どの ような ように 及び 並び 等 年 月 日 時 分 秒 人 件 個 回 円 中 上 下 前 後 内 外 的 性 化 用 別 計 合計 平均 合 約
  データ 表 列 行 値 項目 一覧 ファイル シート 資料 情報 行い 行う 行っ 行わ 行われ 実施 予定 今回 本年度 今年度 前年度 来年度 年度`.split(/\s+/),
);

/** Whether a segmented (lower-cased) word is worth showing as a keyword. */
export function isMeaningfulWord(word: string): boolean {
  if (word.length < 2) return false;
  if (HAS_DIGIT.test(word) || PUNCT_ONLY.test(word)) return false;
  if (EN_STOP.has(word) || JA_STOP.has(word)) return false;
  if (HIRAGANA_ONLY.test(word) && word.length <= 3) return false;
  // A kanji with inflection (比べ, 増え, 行い) is a verb form, not a topic.
  if (/^\p{Script=Han}\p{Script=Hiragana}$/u.test(word)) return false;
  if (/^[a-z]{1,2}$/.test(word)) return false;
  if (/^[a-z]$|^[a-z]\.$/.test(word)) return false;
  return true;
}

/** Accumulates weighted word counts with a bounded vocabulary (memory stays flat). */
export class KeywordCounter {
  private readonly counts = new Map<string, number>();
  private readonly order = new Map<string, number>();

  constructor(private readonly maxWords = 20_000) {}

  add(text: string | undefined | null, weight = 1): void {
    if (!text) return;
    const chunk = text.length > 20_000 ? text.slice(0, 20_000) : text;
    for (const word of searchWords(chunk)) {
      if (!isMeaningfulWord(word)) continue;
      const current = this.counts.get(word);
      if (current !== undefined) this.counts.set(word, current + weight);
      else if (this.counts.size < this.maxWords) {
        this.counts.set(word, weight);
        this.order.set(word, this.order.size);
      }
    }
  }

  /** The most frequent words; ties go to the word seen first (deterministic). */
  top(limit = 20): string[] {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1] || this.order.get(a[0])! - this.order.get(b[0])!)
      .slice(0, limit)
      .map(([word]) => word);
  }
}

export function extractKeywords(parts: Array<[text: string | undefined | null, weight: number]>, limit = 20): string[] {
  const counter = new KeywordCounter();
  for (const [text, weight] of parts) counter.add(text, weight);
  return counter.top(limit);
}

/** Splits prose into sentences (Japanese 。！？ and English . ! ? followed by a space). */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const parts = line.split(/(?<=[。！？!?])|(?<=\.)\s+(?=["'“‘(]?[A-Z0-9\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/u);
    for (const part of parts) {
      const s = part.trim();
      if (s) out.push(s);
    }
  }
  return out;
}

/** Cuts text to at most `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return (
    chars
      .slice(0, Math.max(0, max - 1))
      .join('')
      .trimEnd() + '…'
  );
}

export function charLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++; // low surrogates belong to the preceding character
  }
  return n;
}

/** Collapses whitespace and drops control characters. */
export function cleanText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const formatters = new Map<string, Intl.NumberFormat>();

/** A number for people: thousands separators, decimals adapted to the magnitude. */
export function formatNumber(value: number, language: ContentLanguage): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 10_000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  const key = `${language}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'ja' ? 'ja-JP' : 'en-US', { maximumFractionDigits: digits });
    formatters.set(key, formatter);
  }
  const text = formatter.format(value);
  return text === '-0' ? '0' : text;
}

/** 32-bit FNV-1a hash of a string (deterministic colours and choices). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** "prefecture-health-insurance.csv" → "Prefecture health insurance". */
export function titleFromFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const words = base
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return '';
  return words.charAt(0).toUpperCase() + words.slice(1);
}
