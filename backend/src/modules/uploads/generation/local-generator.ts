import { searchWords } from '../../../common/search/search-text';
import { DRAFT_LIMITS, finalizeDraft } from './draft';
import { fallbackTags, pickTags } from './tags';
import { charLength, formatNumber, hasJapanese, splitSentences, titleFromFileName, truncate } from './text';
import {
  type BilingualContext,
  type BilingualDraft,
  type BookDraft,
  type BookGenerator,
  type ContentLanguage,
  type ExtractedContent,
  type GenerationContext,
  type SheetSummary,
  type TableProfile,
} from './types';
import { PROFILE_ROWS } from './column-stats';
import { capitalise, columnLabel, columnValueLabel, columnWord, descriptionSentence, jaKinds, valueLabel } from './wording';

/**
 * The built-in, extractive Book writer: no network, deterministic (the same content and context
 * always give the same draft), in Japanese or English (the uploader's UI language). Tables are
 * described by their columns and statistics, documents by their headings and key sentences,
 * images by size, camera and date.
 */
export class LocalBookGenerator implements BookGenerator {
  readonly name = 'local';

  async generate(content: ExtractedContent, ctx: GenerationContext): Promise<BookDraft> {
    const lang: ContentLanguage = ctx.language === 'ja' || ctx.language === 'en' ? ctx.language : content.language;
    const written =
      content.kind === 'table'
        ? describeTable(content, ctx, lang)
        : content.kind === 'document'
          ? describeDocument(content, ctx, lang)
          : describeImage(content, ctx, lang);
    // English sentences start with a capital (column names and values may not).
    const text = lang === 'en' ? (Object.fromEntries(Object.entries(written).map(([k, v]) => [k, capitaliseSentences(v)])) as DraftText) : written;
    const source = tagSource(content, ctx);
    const picked = pickTags(ctx.tagCandidates, source);
    // Every Book gets a tag: the best weak match, else the tag of what the file is (tags.ts).
    const tags = picked.length ? picked : fallbackTags(ctx.tagCandidates, source, content.kind);
    return finalizeDraft(text, tags, lang, ctx.tagCandidates);
  }

  async generateBoth(content: ExtractedContent, ctx: BilingualContext): Promise<BilingualDraft> {
    const base = { title: ctx.title, description: ctx.description };
    return {
      ja: await this.generate(content, { ...base, language: 'ja', tagCandidates: ctx.tagCandidates.ja }),
      en: await this.generate(content, { ...base, language: 'en', tagCandidates: ctx.tagCandidates.en }),
    };
  }
}

type DraftText = Omit<BookDraft, 'tags' | 'language'>;

const capitaliseSentences = (s: string) => capitalise(s).replace(/([.!?]\s+)(\p{Ll})/gu, (_, stop: string, c: string) => stop + c.toUpperCase());

// ------------------------------------------------------------------------------------------ helpers

const nf = (n: number | undefined, lang: ContentLanguage) => (n === undefined ? '' : formatNumber(n, lang));
const quote = (s: string, lang: ContentLanguage) => (lang === 'ja' ? `「${s}」` : `“${s}”`);
const listJoin = (items: string[], lang: ContentLanguage) => {
  if (lang === 'ja') return items.join('、');
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
};
const cut = (s: string, n: number) => truncate(s, n);

function userTitle(ctx: GenerationContext): string | undefined {
  const t = ctx.title?.trim();
  return t ? t : undefined;
}

/** Whether a text the uploader wrote reads in the language (Japanese script, or Latin words for English). */
function writtenIn(text: string, lang: ContentLanguage): boolean {
  return lang === 'ja' ? hasJapanese(text) : !hasJapanese(text);
}

/**
 * The uploader's description for the text of a language: its first sentence when it is written in
 * that language; otherwise, with the title when that too is in the other language, quoted as
 * written and marked untranslated (the built-in generator has no translator; the LLM generator
 * translates and marks its translation).
 */
export function uploaderSentence(ctx: GenerationContext, lang: ContentLanguage): string {
  const d = ctx.description?.trim().replace(/\s+/g, ' ') ?? '';
  const t = userTitle(ctx);
  const ja = lang === 'ja';
  const foreignTitle = t && !writtenIn(t, lang) && (ja ? /[a-z]{3}/i.test(t) : true) ? t : undefined;
  if (d && writtenIn(d, lang)) {
    const own = descriptionSentence(splitSentences(d)[0], lang);
    if (!foreignTitle) return own;
    return `${own}${ja ? '' : ' '}${ja ? `タイトルは投稿者の英語のままです（未翻訳）: 「${foreignTitle}」。` : `The title is the uploader's, in Japanese (not translated): “${foreignTitle}”.`}`;
  }
  const foreignDescription = d ? truncate(splitSentences(d)[0] ?? d, 160) : undefined;
  if (!foreignTitle && !foreignDescription) return '';
  if (ja) {
    const what = foreignTitle && foreignDescription ? 'タイトルと説明' : foreignTitle ? 'タイトル' : '説明';
    return `投稿者の${what}は英語のままです（未翻訳）: ${[foreignTitle, foreignDescription]
      .filter(Boolean)
      .map((x) => `「${x}」`)
      .join('')}。`;
  }
  const what = foreignTitle && foreignDescription ? 'title and description' : foreignTitle ? 'title' : 'description';
  return `The uploader's ${what}, in Japanese (not translated): ${[foreignTitle, foreignDescription]
    .filter(Boolean)
    .map((x) => `“${x}”`)
    .join(' — ')}.`;
}

const CJK_STOP = /[。！？」）]$/u;

/** Joins sentences: no space after a Japanese full stop, a space otherwise. */
function joinSentences(a: string, b: string): string {
  return CJK_STOP.test(a) ? a + b : `${a} ${b}`;
}

/** Sentences joined until the limit, never cutting one in the middle (unless it is the first). */
function fit(parts: string[], max: number): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    const next = out ? joinSentences(out, part) : part;
    if (charLength(next) > max) {
      if (!out) return truncate(part, max);
      break;
    }
    out = next;
  }
  return out;
}

/** Five points: the given facts first, then fillers, each within the point limit. */
function fivePoints(facts: string[], fillers: string[]): Pick<DraftText, 'point1' | 'point2' | 'point3' | 'point4' | 'point5'> {
  const all: string[] = [];
  for (const f of [...facts, ...fillers]) {
    const t = truncate(f, DRAFT_LIMITS.point1);
    if (t && !all.includes(t)) all.push(t);
    if (all.length === 5) break;
  }
  while (all.length < 5) all.push('');
  return { point1: all[0], point2: all[1], point3: all[2], point4: all[3], point5: all[4] };
}

function kb(bytes: number, lang: ContentLanguage): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / 1024 / 1024, lang)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} KB`;
}

function tagSource(content: ExtractedContent, ctx: GenerationContext): { texts: string[]; keywords: string[] } {
  const texts: string[] = [ctx.description ?? ''];
  const keywords = [ctx.title ?? '', titleFromFileName(content.fileName), ...content.keywords];
  for (const sheet of content.sheets ?? []) {
    texts.push(sheet.name);
    for (const c of sheet.columns) {
      keywords.push(c.name);
      if (c.type === 'text') texts.push(...c.topValues.map((v) => v.value));
    }
  }
  if (content.document) {
    keywords.push(content.document.title ?? '');
    texts.push(...content.document.headings, ...content.document.paragraphs.slice(0, 20));
  }
  if (content.kind === 'image') keywords.push('photo 写真');
  return { texts, keywords };
}

// ------------------------------------------------------------------------------------------ tables

const NOTES_SHEET = /^(注意事項|注記|注釈|注|備考|凡例|説明|利用上の注意|readme|notes?|about|表紙|目次|contents)$/i;

/** The sheet a Book is about: the richest one (rows × columns that carry meaning). */
export function mainSheet(sheets: SheetSummary[]): SheetSummary | undefined {
  const richness = (s: SheetSummary) => {
    const meaningful = s.profile
      ? s.profile.roles.filter((r) => r.role === 'measure' || r.role === 'entity' || r.role === 'category' || r.role === 'time').length
      : s.columns.length;
    // A sheet named as notes (注意事項, 注記, 凡例, 説明, Notes, README) is passed over unless it is the only table.
    const notes = NOTES_SHEET.test(s.name.trim()) ? 0.01 : 1;
    return (s.rowCount * (1 + meaningful) + (s.profile?.headline ? s.rowCount : 0)) * notes;
  };
  return [...sheets].sort((a, b) => richness(b) - richness(a))[0];
}

/** A value with its unit, formatted for the language (10.51%, 416.2 ppm, 1,234円). */
function withUnit(value: number, unit: string | undefined, lang: ContentLanguage): string {
  const n = nf(value, lang);
  if (!unit) return n;
  if (lang === 'en') {
    // Japanese units read as English words.
    const word = (
      {
        円: 'yen',
        人: 'people',
        件: '',
        千人: 'thousand people',
        万人: '10,000 people',
        百万円: 'million yen',
        千円: 'thousand yen',
        年: 'years',
        日: 'days',
      } as Record<string, string>
    )[unit];
    if (word !== undefined) return word ? `${n} ${word}` : n;
  }
  if (unit === '%' || unit === '円' || unit === '℃' || unit === '°C' || unit === '人' || unit === '件') return `${n}${unit}`;
  return `${n} ${unit}`;
}

const signed = (value: number, unit: string | undefined, lang: ContentLanguage) =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${withUnit(Math.abs(value), unit, lang)}`;

/** An English plural noun for the rows from the file name ("us-airports" → "airports"), else "rows". */
function rowNoun(content: ExtractedContent, lang: ContentLanguage): string {
  if (lang === 'ja') return '件';
  const last = titleFromFileName(content.fileName)
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .pop();
  return last && last.length > 3 && /s$/.test(last) && !/(ss|us|is)$/.test(last) ? ` ${last}` : ' rows';
}

const YEARISH = /(year|年|年度|date|日付|period|期間|month|月)/i;

interface TableFindings {
  /** Distinct findings, most important first (each one or two sentences). */
  findings: string[];
  /** Short forms of the first findings for the summary. */
  headlines: string[];
  good: string[];
  bad: string[];
}

/**
 * The profile with its column names and labels in the reader's language: Japanese sentences get
 * 天気 or 最高気温（temp_max） for English columns, English ones quote Japanese values.
 */
function localise(p: TableProfile, lang: ContentLanguage): TableProfile {
  const col = (n: string) => columnLabel(n, lang);
  const word = (n: string) => columnWord(n, lang);
  const lv = <T extends { label: string }>(x: T): T => ({ ...x, label: valueLabel(x.label, lang) });
  return {
    ...p,
    constants: p.constants.map((c) => ({ name: col(c.name), value: valueLabel(c.value, lang) })),
    ...(p.entity ? { entity: { ...p.entity, column: word(p.entity.column) } } : {}),
    ...(p.headline ? { headline: { ...p.headline, column: col(p.headline.column) } } : {}),
    totals: p.totals.map(lv),
    top: p.top.map(lv),
    bottom: p.bottom.map(lv),
    ...(p.groups ? { groups: { column: word(p.groups.column), items: p.groups.items.map(lv) } } : {}),
    ...(p.counts
      ? {
          counts: {
            ...p.counts,
            column: word(p.counts.column),
            items: p.counts.items.map((i) => ({ ...i, label: columnValueLabel(p.counts!.column, i.label, lang) })),
          },
        }
      : {}),
    relations: p.relations.map((r) => ({ ...r, a: col(r.a), b: col(r.b) })),
    ...(p.extent ? { extent: { column: col(p.extent.column), north: lv(p.extent.north), south: lv(p.extent.south) } } : {}),
    roles: p.roles.map((r) => ({ ...r, name: col(r.name) })),
    ...(p.ties
      ? {
          ties: {
            ...p.ties,
            labels: p.ties.labels.map((l) => (p.ties!.of === 'counts' && p.counts ? columnValueLabel(p.counts.column, l, lang) : valueLabel(l, lang))),
          },
        }
      : {}),
  };
}

/** What one row is, for a sentence: a day, a month, a year, a prefecture … (null when it cannot be said). */
function rowUnit(p: TableProfile, rows: number, lang: ContentLanguage): { ja: string; en: string } | null {
  const per = p.period;
  if (per?.onePerRow) {
    if (per.granularity === 'day') return { ja: '日', en: 'day' };
    if (per.granularity === 'month') return { ja: 'か月', en: 'month' };
    if (per.granularity === 'year') return { ja: '年', en: 'year' };
  }
  if (p.entity && p.entity.count === rows) return { ja: columnWord(p.entity.column, 'ja'), en: columnWord(p.entity.column, 'en') };
  void lang;
  return null;
}

/**
 * The opening a data journalist writes: what a row is, how many, the period covered, the columns
 * that matter; then every measure's range (and rows above zero), and the change of its yearly mean.
 */
function tableOpening(sheet: SheetSummary, raw: TableProfile, lang: ContentLanguage): { intro: string[]; measures: string[] } {
  const ja = lang === 'ja';
  const rows = sheet.rowCount;
  const unit = rowUnit(raw, rows, lang);
  const per = raw.period;
  const intro: string[] = [];
  const count = unit
    ? ja
      ? unit.ja === '日' || unit.ja === 'か月' || unit.ja === '年'
        ? `${nf(rows, lang)}${unit.ja}分`
        : `${nf(rows, lang)}件（1行が1つの${unit.ja}）`
      : `${nf(rows, lang)} rows, one per ${unit.en}`
    : ja
      ? `${nf(rows, lang)}行`
      : `${nf(rows, lang)} rows`;
  const range = per
    ? ja
      ? `${columnLabel(per.column, 'ja')}は${per.from}から${per.to}まで${per.years && per.years > 1 ? `（${nf(per.years, lang)}年間）` : ''}`
      : `from ${per.from} to ${per.to}${per.years && per.years > 1 ? ` (${nf(per.years, lang)} years)` : ''}`
    : '';
  intro.push(ja ? `${count}の表${range ? `で、${range}` : ''}です。` : `${capitalise(count)}${range ? `, ${range}` : ''}.`);
  const important = raw.roles.filter((r) => r.role === 'time' || r.role === 'measure' || r.role === 'entity' || r.role === 'category').slice(0, 6);
  if (important.length) {
    const names = important.map((r) => columnLabel(r.name, lang));
    intro.push(ja ? `主な列は${names.join('、')}です。` : `The columns that matter: ${listJoin(names, lang)}.`);
  }
  const measures: string[] = [];
  for (const m of raw.measures ?? []) {
    if (m.min === m.max) continue;
    // The headline of a table of labels over time has its trend and extremes already.
    if (m.column === raw.headline?.column && raw.trend && !per?.onePerRow && raw.ranked > 0) continue;
    const name = columnLabel(m.column, lang);
    const w = (x: number) => withUnit(x, m.unit, lang);
    const yearly = m.yearly && m.yearly.direction !== 'flat' ? m.yearly : undefined;
    const ySentence = yearly
      ? ja
        ? `年平均は${yearly.first.label}年の${w(yearly.first.value)}から${yearly.last.label}年の${w(yearly.last.value)}へ${yearly.direction === 'up' ? '上がりました' : '下がりました'}`
        : `its yearly average ${yearly.direction === 'up' ? 'rose' : 'fell'} from ${w(yearly.first.value)} in ${yearly.first.label} to ${w(yearly.last.value)} in ${yearly.last.label}`
      : m.yearly
        ? ja
          ? `年平均は${m.yearly.first.label}年から${m.yearly.last.label}年まで大きく変わっていません`
          : `its yearly average changed little from ${m.yearly.first.label} to ${m.yearly.last.label}`
        : '';
    // A mean is stated only for a series of one row per day, month or year (a day's mean
    // temperature); never for a rising or falling series, nor across labels or totals.
    const mean = yearly || !per?.onePerRow ? '' : ja ? `（平均${w(m.mean)}）` : ` (mean ${w(m.mean)})`;
    measures.push(
      ja
        ? `${name}は${w(m.min)}〜${w(m.max)}${mean}${ySentence ? `で、${ySentence}。` : 'です。'}`
        : `${capitalise(name)} ranges from ${w(m.min)} to ${w(m.max)}${mean}${ySentence ? `; ${ySentence}` : ''}.`,
    );
    if (m.positive !== undefined) {
      const pct = Math.round((m.positive / Math.max(1, rows)) * 1000) / 10;
      const u = unit && (unit.en === 'day' || unit.en === 'month' || unit.en === 'year') ? unit : null;
      measures.push(
        ja
          ? `${name}が0を超えた${u ? u.ja : '行'}は${nf(rows, lang)}${u ? u.ja : '行'}中${nf(m.positive, lang)}${u ? u.ja : '行'}（${nf(pct, lang)}%）です。`
          : `${capitalise(name)} is above 0 on ${nf(m.positive, lang)} of ${nf(rows, lang)} ${u ? `${u.en}s` : 'rows'} (${nf(pct, lang)}%).`,
      );
    }
  }
  return { intro, measures };
}

/** The words every step of tableFindings writes with: the sheet, its profile in the reader's language, the headline measure. */
interface FindingsInput {
  ja: boolean;
  lang: ContentLanguage;
  sheet: SheetSummary;
  /** The profile in the reader's language (localise). */
  p: TableProfile;
  /** The headline measure's column. */
  H: string | undefined;
  /** What the ranking compares: the headline measure, its mean per label or its total over the period. */
  HR: string | undefined;
  /** 「5種類の」 for a category entity, else empty. */
  kinds: string;
  unit: string | undefined;
  /** A time label as written in the reader's language (2020 → 2020年). */
  tl: (label: string) => string;
  /** A value of the headline measure with its unit. */
  v: (x: number) => string;
  /** The entity column's name. */
  L: string | undefined;
  rows: number;
  noun: string;
}

/**
 * A table's findings, headlines and good and bad points, step by step in the order a reader
 * wants them (extremes, trend, groups, relations, counts, totals, structure, limits). Steps that
 * add a headline only while there are fewer than two depend on the order.
 */
function tableFindings(content: ExtractedContent, sheet: SheetSummary, raw: TableProfile, lang: ContentLanguage): TableFindings {
  const input = findingsInput(content, sheet, raw, lang);
  const out: TableFindings = { findings: [], headlines: [], good: [], bad: [] };
  for (const step of [extremeFindings, trendFindings, groupFindings, relationFindings, countFindings, totalFindings, structureFindings, limitFindings])
    step(input, out);
  return out;
}

function findingsInput(content: ExtractedContent, sheet: SheetSummary, raw: TableProfile, lang: ContentLanguage): FindingsInput {
  const ja = lang === 'ja';
  const p = localise(raw, lang);
  const H = p.headline?.column;
  // 「5種類の天気」 for a category, 「47の都道府県」 for names.
  const kinds = raw.roles.find((r) => r.name === raw.entity?.column)?.role === 'category' && p.entity ? jaKinds(p.entity.column) : '';
  // Labels that repeat over time are compared by their mean (a total over the years means nothing).
  const repeated = p.ranked > 0 && p.ranked + p.totals.length < sheet.rowCount;
  const span = p.period && p.period.from !== p.period.to ? (ja ? `${p.period.from}〜${p.period.to}` : `${p.period.from}–${p.period.to}`) : '';
  // The ranking's measure: a mean per label, or a total over the period.
  const HR =
    H && repeated
      ? p.rankedBy === 'mean'
        ? ja
          ? `平均${H}`
          : `average ${H}`
        : ja
          ? `${span ? `${span}の` : ''}${H}の合計`
          : `total ${H}${span ? ` over ${span}` : ''}`
      : H;
  const unit = p.headline?.unit;
  return {
    ja,
    lang,
    sheet,
    p,
    H,
    HR,
    kinds,
    unit,
    tl: (label) => (ja && /^\d{4}$/.test(label) ? `${label}年` : label),
    v: (x) => withUnit(x, unit, lang),
    L: p.entity?.column,
    rows: sheet.rowCount,
    noun: rowNoun(content, lang),
  };
}

/** Highest and lowest entities by the headline measure, and the gap between them. */
function extremeFindings({ ja, lang, p, HR, kinds, unit, v, L }: FindingsInput, { findings, headlines, good }: TableFindings): void {
  if (HR && p.top.length >= 2 && p.bottom.length >= 1) {
    const [t0, t1, t2] = p.top;
    const [b0, b1] = p.bottom;
    if (p.ties?.of === 'top')
      findings.push(
        ja
          ? `${HR}が最も高いのは${p.ties.labels.join('と')}で、同じ${v(p.ties.value)}です。`
          : `${listJoin(p.ties.labels, lang)} tie for the highest ${HR} (${v(p.ties.value)}).`,
      );
    else
      findings.push(
        ja
          ? `${HR}が最も高いのは${t0.label}（${v(t0.value)}）で、${t1.label}（${v(t1.value)}）${t2 ? `、${t2.label}（${v(t2.value)}）` : ''}が続きます。`
          : `${t0.label} has the highest ${HR} (${v(t0.value)}), followed by ${t1.label} (${v(t1.value)})${t2 ? ` and ${t2.label} (${v(t2.value)})` : ''}.`,
      );
    const lowTie = p.bottom.filter((b) => b.value === b0.value);
    if (lowTie.length >= 2) {
      findings.push(
        ja
          ? `最も低いのは${lowTie.map((b) => b.label).join('と')}で、同じ${v(b0.value)}です。`
          : `${listJoin(
              lowTie.map((b) => b.label),
              lang,
            )} tie for the lowest (${v(b0.value)}).`,
      );
    } else if (p.ranked >= 4 && b1) {
      findings.push(
        ja
          ? `最も低いのは${b0.label}（${v(b0.value)}）、次いで${b1.label}（${v(b1.value)}）です。`
          : `The lowest is ${b0.label} (${v(b0.value)}), then ${b1.label} (${v(b1.value)}).`,
      );
    }
    const gap = Math.round((t0.value - b0.value) * 1000) / 1000;
    const ratio = b0.value > 0 ? t0.value / b0.value : undefined;
    const gapText =
      unit === '%'
        ? ja
          ? `${nf(gap, lang)}ポイント`
          : `${nf(gap, lang)} percentage points`
        : ratio && ratio >= 2
          ? ja
            ? `約${nf(ratio >= 10 ? Math.round(ratio) : Math.round(ratio * 10) / 10, lang)}倍`
            : `about ${nf(ratio >= 10 ? Math.round(ratio) : Math.round(ratio * 10) / 10, lang)} times`
          : v(gap);
    const topName = p.ties?.of === 'top' ? (ja ? p.ties.labels.join('と') : listJoin(p.ties.labels, lang)) : t0.label;
    headlines.push(
      ja
        ? `${HR}は${topName}が最も高く（${v(t0.value)}${p.ties?.of === 'top' ? '、同率' : ''}）、${b0.label}が最も低い（${v(b0.value)}）。差は${gapText}です。`
        : capitalise(
            `${HR} is highest in ${topName} (${v(t0.value)}${p.ties?.of === 'top' ? ', a tie' : ''}) and lowest in ${b0.label} (${v(b0.value)}), a gap of ${gapText}.`,
          ),
    );
    if (p.ranked >= 4)
      findings.push(
        ja
          ? `${nf(p.ranked, lang)}${kinds}の${L}の間で、最高と最低の差は${gapText}あります。`
          : `Across ${p.ranked} ${L} values the highest and the lowest differ by ${gapText}.`,
      );
    good.push(
      ja
        ? `${nf(p.ranked, lang)}${kinds}の${L}について${HR}が揃っていて、${t0.label}と${b0.label}のような違いをすぐに比べられます。`
        : `${HR} for ${p.ranked} ${L} values side by side, so differences such as ${t0.label} versus ${b0.label} are easy to compare.`,
    );
  }
}

/** The headline measure over time: its direction, peaks, largest moves and season. */
function trendFindings({ ja, lang, p, H, unit, tl, v }: FindingsInput, { findings, headlines, good }: TableFindings): void {
  if (H && p.trend) {
    const t = p.trend;
    const pct = t.first.value > 0 && t.last.value > 0 ? Math.round(((t.last.value - t.first.value) / Math.abs(t.first.value)) * 1000) / 10 : undefined;
    const dirJa = t.direction === 'up' ? '上昇' : t.direction === 'down' ? '減少' : 'ほぼ横ばい';
    const dirEn = t.direction === 'up' ? 'rose' : t.direction === 'down' ? 'fell' : 'stayed roughly level';
    const pctText =
      pct !== undefined && t.direction !== 'flat' ? (ja ? `（${pct > 0 ? '+' : ''}${nf(pct, lang)}%）` : ` (${pct > 0 ? '+' : ''}${nf(pct, lang)}%)`) : '';
    const line =
      t.direction === 'flat'
        ? ja
          ? `${H}は${tl(t.first.label)}（${v(t.first.value)}）と${tl(t.last.label)}（${v(t.last.value)}）で大きな変化はなく、最高は${tl(t.peak.label)}の${v(t.peak.value)}、最低は${tl(t.low.label)}の${v(t.low.value)}でした。`
          : `${H} shows no lasting rise or fall between ${t.first.label} (${v(t.first.value)}) and ${t.last.label} (${v(t.last.value)}); it peaked at ${v(t.peak.value)} in ${t.peak.label} and was lowest at ${v(t.low.value)} in ${t.low.label}.`
        : ja
          ? `${H}は${tl(t.first.label)}の${v(t.first.value)}から${tl(t.last.label)}の${v(t.last.value)}へ${dirJa}しました${pctText}。`
          : `${H} ${dirEn} from ${v(t.first.value)} in ${t.first.label} to ${v(t.last.value)} in ${t.last.label}${pctText}.`;
    findings.push(line);
    headlines.push(line);
    const extremes: string[] = [];
    if (t.direction !== 'flat' && (t.peak.label !== t.last.label || t.direction !== 'up'))
      extremes.push(ja ? `最高は${tl(t.peak.label)}の${v(t.peak.value)}` : `the peak was ${v(t.peak.value)} in ${t.peak.label}`);
    if (t.biggestRise)
      extremes.push(
        ja
          ? `最大の上昇は${tl(t.biggestRise.label)}（${signed(t.biggestRise.value, unit, lang)}）`
          : `the largest rise came in ${t.biggestRise.label} (${signed(t.biggestRise.value, unit, lang)})`,
      );
    if (t.biggestFall)
      extremes.push(
        ja
          ? `最大の下落は${tl(t.biggestFall.label)}（${signed(t.biggestFall.value, unit, lang)}）`
          : `the largest fall came in ${t.biggestFall.label} (${signed(t.biggestFall.value, unit, lang)})`,
      );
    if (extremes.length) findings.push(ja ? `${extremes.join('、')}です。` : `${extremes.join('; ').replace(/^./, (c) => c.toUpperCase())}.`);
    if (t.direction !== 'flat' && (t.low.label !== t.first.label || t.direction !== 'up'))
      findings.push(ja ? `最も低かったのは${tl(t.low.label)}の${v(t.low.value)}です。` : `The lowest value was ${v(t.low.value)} in ${t.low.label}.`);
    if (t.season) {
      const month = (m: string) => (ja ? `${Number(m)}月` : MONTHS[Number(m) - 1]);
      findings.push(
        ja
          ? `1年の中では${month(t.season.high.label)}に最も高く、${month(t.season.low.label)}に最も低くなり、その差は平均${v(t.season.high.value)}です。`
          : `Within each year ${H} peaks in ${month(t.season.high.label)} and bottoms out in ${month(t.season.low.label)}, ${v(t.season.high.value)} apart on average.`,
      );
    }
    good.push(
      ja
        ? `${tl(t.first.label)}から${tl(t.last.label)}まで${t.periods}期間の${H}があり、長期の変化を追えます。`
        : `${t.periods} periods of ${H} from ${t.first.label} to ${t.last.label} show the long-run change.`,
    );
  }
}

/** The headline measure by a grouping category. */
function groupFindings({ ja, p, H, v }: FindingsInput, { findings, headlines, good }: TableFindings): void {
  if (H && p.groups) {
    const g = p.groups;
    const hi = g.items[0];
    const lo = g.items[g.items.length - 1];
    const sum = p.rankedBy === 'sum';
    const line = ja
      ? `${g.column}別${sum ? 'の合計' : 'の平均'}では${hi.label}が最も高く（${v(hi.value)}）、${lo.label}が最も低い（${v(lo.value)}）です。`
      : `By ${g.column}, ${hi.label} has the highest ${sum ? 'total' : 'average'} ${H} (${v(hi.value)}) and ${lo.label} the lowest (${v(lo.value)}).`;
    findings.push(line);
    if (headlines.length < 2) headlines.push(line);
    good.push(
      ja ? `${g.items.length}${jaKinds(g.column)}の${g.column}ごとの比較もできます。` : `It can be compared across ${g.items.length} ${g.column} groups.`,
    );
  }
}

/** Strong correlations between measures. */
function relationFindings({ ja, p }: FindingsInput, { findings }: TableFindings): void {
  for (const rel of p.relations) {
    findings.push(
      ja
        ? `${rel.a}と${rel.b}には強い${rel.r > 0 ? '正' : '負'}の相関があります（r = ${rel.r.toFixed(2)}）。`
        : `${rel.a} and ${rel.b} are strongly ${rel.r > 0 ? 'positively' : 'negatively'} correlated (r = ${rel.r.toFixed(2)}).`,
    );
  }
}

/** How the rows fall into a category's values (what the rows are). */
function countFindings({ ja, lang, p, H, rows, noun }: FindingsInput, { findings, headlines, good }: TableFindings): void {
  if (p.counts) {
    const c = p.counts;
    const [i0, i1] = c.items;
    const tie = p.ties?.of === 'counts' ? p.ties : undefined;
    const line = tie
      ? ja
        ? `${nf(rows, lang)}件が${nf(c.distinct, lang)}${jaKinds(c.column)}の${c.column}に分かれ、最も多いのは${tie.labels.join('と')}で同数（各${nf(tie.value, lang)}件）です。`
        : `${nf(rows, lang)}${noun} in ${nf(c.distinct, lang)} ${c.column} values; ${listJoin(tie.labels, lang)} tie for the most (${nf(tie.value, lang)} each).`
      : ja
        ? `${nf(rows, lang)}件が${nf(c.distinct, lang)}${jaKinds(c.column)}の${c.column}に分かれ、最も多いのは${i0.label}（${nf(i0.count, lang)}件）${i1 ? `、次いで${i1.label}（${nf(i1.count, lang)}件）` : ''}です。`
        : `${nf(rows, lang)}${noun} in ${nf(c.distinct, lang)} ${c.column} values, most in ${i0.label} (${nf(i0.count, lang)})${i1 ? `, then ${i1.label} (${nf(i1.count, lang)})` : ''}.`;
    findings.push(line);
    if (headlines.length < 2) headlines.push(line);
    if (!H) good.push(ja ? `${c.column}ごとの件数を比べられます。` : `Counts per ${c.column} are easy to compare.`);
  }
}

/** Total rows among the individual rows (left out of the ranking). */
function totalFindings({ ja, p, L }: FindingsInput, { findings, bad }: TableFindings): void {
  if (p.totals.length) {
    const t = p.totals[0];
    findings.push(
      ja
        ? `「${t.label}」の行は合計なので、個別の${L ?? '項目'}の順位からは除いています。`
        : `The “${t.label}” rows are totals, so they are left out of the ranking of ${L ?? 'items'}.`,
    );
    bad.push(
      ja
        ? `「${t.label}」のような合計行が個別の行と同じ列に入っているため、そのまま足し合わせると二重に数えてしまいます。`
        : `Total rows (“${t.label}”) sit among the individual rows, so summing the column counts them twice.`,
    );
  }
}

/** Constants, coordinates and their extent, identifier codes. */
function structureFindings({ ja, lang, p }: FindingsInput, { findings, good, bad }: TableFindings): void {
  for (const c of p.constants.slice(0, 2)) {
    findings.push(ja ? `${c.name}はすべて${c.value}です。` : `Every row has ${c.name} ${c.value}.`);
    if (YEARISH.test(c.name) || YEARISH.test(c.value))
      bad.push(
        ja
          ? `${c.value}の1時点だけのデータなので、年ごとの変化は分かりません。`
          : `It covers a single ${c.name} (${c.value}), so change over time cannot be seen.`,
      );
  }
  const coords = p.roles.filter((r) => r.role === 'coordinate').map((r) => r.name);
  if (coords.length >= 2) {
    findings.push(ja ? `${coords.join('・')}で各行の位置が分かり、地図に表せます。` : `${listJoin(coords, lang)} give each row's location, ready for a map.`);
    good.push(ja ? '位置（緯度・経度）が入っているので、地図にそのまま使えます。' : 'Each row carries its coordinates, so it can be mapped directly.');
  }
  if (p.extent) {
    const { north, south } = p.extent;
    findings.push(
      ja
        ? `最も北にあるのは${north.label}（${p.extent.column} ${nf(north.value, lang)}）、最も南は${south.label}（${nf(south.value, lang)}）です。`
        : `The northernmost is ${north.label} (${p.extent.column} ${nf(north.value, lang)}), the southernmost ${south.label} (${nf(south.value, lang)}).`,
    );
  }
  const ids = p.roles.filter((r) => r.role === 'identifier').map((r) => r.name);
  if (ids.length)
    findings.push(
      ja
        ? `${ids.join('・')}はコード（識別子）で、他の表と結び付けるのに使えます。`
        : `${listJoin(ids, lang)} ${ids.length > 1 ? 'are codes' : 'is a code'} for joining with other tables.`,
    );
}

/** The limits of the data: gaps, a missing unit, sampling, no time, no measure, few rows. */
function limitFindings({ ja, lang, sheet, p, H, unit, rows }: FindingsInput, { bad }: TableFindings): void {
  const gaps = sheet.columns
    .filter((c) => c.type !== 'empty' && c.nonEmpty < rows)
    .sort((a, b) => (a.name === p.headline?.column ? -1 : b.name === p.headline?.column ? 1 : a.nonEmpty - b.nonEmpty))
    .slice(0, 2);
  for (const c of gaps)
    bad.push(
      ja
        ? `${columnLabel(c.name, lang)}に${nf(rows - c.nonEmpty, lang)}件の欠損（空欄）があります。`
        : `${capitalise(columnLabel(c.name, lang))} is missing in ${nf(rows - c.nonEmpty, lang)} rows.`,
    );
  if (H && !unit)
    bad.push(ja ? `${H}の単位がファイルに書かれていないので、出典で確認してください。` : `The unit of ${H} is not stated in the file; check the source.`);
  if (p.sampled)
    bad.push(
      ja
        ? `大きなファイルのため、順位や傾向は${nf(PROFILE_ROWS, lang)}行の標本から求めています。`
        : `The file is large, so rankings and trends come from a sample of ${nf(PROFILE_ROWS, lang)} rows.`,
    );
  if (!p.trend && !p.constants.some((c) => YEARISH.test(c.name)) && !p.roles.some((r) => r.role === 'time'))
    bad.push(ja ? '時期を表す列がないため、変化は追えません。' : 'There is no date or period column, so change over time cannot be followed.');
  if (!H)
    bad.push(
      ja
        ? '数量を表す列がないため、件数や分布の比較に限られます。'
        : 'There is no measure column, so it supports counts and distributions rather than amounts.',
    );
  if (rows < 30) bad.push(ja ? `${rows}行と少ないため、傾向の読み取りには注意が必要です。` : `With ${rows} rows, patterns should be read with care.`);
}

/** Further facts when the findings are fewer than five: periods, other measures, other categories. */
function tableFillers(sheet: SheetSummary, p: TableProfile, lang: ContentLanguage): string[] {
  const ja = lang === 'ja';
  const out: string[] = [];
  const byName = new Map(sheet.columns.map((c) => [c.name, c]));
  for (const r of p.roles) {
    const c = byName.get(r.name);
    if (!c) continue;
    const cl = columnLabel(c.name, lang);
    if (r.role === 'time' && c.minDate && c.maxDate)
      out.push(
        ja
          ? `${cl}は${c.minDate}から${c.maxDate}まで（${nf(c.nonEmpty, lang)}件）です。`
          : `${capitalise(cl)} runs from ${c.minDate} to ${c.maxDate} (${nf(c.nonEmpty, lang)} entries).`,
      );
    if (r.role === 'measure' && r.name !== p.headline?.column && c.min !== undefined && c.max !== undefined && c.min !== c.max) {
      const at = (label?: string) => (label ? (ja ? `（${label}）` : ` (${label})`) : '');
      out.push(
        ja
          ? `${cl}は${withUnit(c.min, r.unit, lang)}${at(c.minLabel)}から${withUnit(c.max, r.unit, lang)}${at(c.maxLabel)}までです。`
          : `${capitalise(cl)} ranges from ${withUnit(c.min, r.unit, lang)}${at(c.minLabel)} to ${withUnit(c.max, r.unit, lang)}${at(c.maxLabel)}.`,
      );
    }
    if (r.role === 'category' && r.name !== p.counts?.column && c.topValues.length && c.topValues[0].count > 2) {
      const tops = c.topValues.slice(0, 3);
      out.push(
        ja
          ? `${cl}で多いのは${tops.map((t) => `${t.value}（${nf(t.count, lang)}件）`).join('、')}です。`
          : `The most frequent ${cl} values are ${listJoin(
              tops.map((t) => `${valueLabel(t.value, lang)} (${nf(t.count, lang)})`),
              lang,
            )}.`,
      );
    }
  }
  for (const r of p.roles.filter((x) => x.role === 'identifier').slice(0, 1)) {
    const c = byName.get(r.name);
    if (c)
      out.push(
        ja
          ? `${columnLabel(c.name, lang)}は${nf(c.nonEmpty, lang)}件に入っており、${c.distinctCapped ? `${nf(c.distinct, lang)}種類以上` : `${nf(c.distinct, lang)}種類`}の値があります。`
          : `${capitalise(columnLabel(c.name, lang))} is filled in ${nf(c.nonEmpty, lang)} rows with ${c.distinctCapped ? `over ${nf(c.distinct, lang)}` : nf(c.distinct, lang)} distinct values.`,
      );
  }
  const per = p.period;
  if (per && !per.onePerRow && per.years && per.years >= 2) {
    const perYear = Math.round((sheet.rowCount / per.years) * 10) / 10;
    out.push(
      ja
        ? `${nf(per.years, lang)}年間で${nf(sheet.rowCount, lang)}件、1年あたり約${nf(Math.round(perYear), lang)}件です。`
        : `${nf(sheet.rowCount, lang)} rows over ${nf(per.years, lang)} years, about ${nf(Math.round(perYear), lang)} a year.`,
    );
  }
  out.push(ja ? `${nf(sheet.rowCount, lang)}行 × ${sheet.columns.length}列の表です。` : `${nf(sheet.rowCount, lang)} rows × ${sheet.columns.length} columns.`);
  out.push(
    ja
      ? `列: ${sheet.columns
          .slice(0, 8)
          .map((c) => columnLabel(c.name, lang))
          .join('、')}`
      : `Columns: ${sheet.columns
          .slice(0, 8)
          .map((c) => columnLabel(c.name, lang))
          .join(', ')}`,
  );
  return out;
}

function describeTable(content: ExtractedContent, ctx: GenerationContext, lang: ContentLanguage): DraftText {
  const ja = lang === 'ja';
  const sheets = content.sheets ?? [];
  const main = mainSheet(sheets);
  const legacy = content.fileType.kind === 'xls';
  const damaged = (content.warnings ?? []).some((w) => /damaged|could not|skipped|stopped/i.test(w));
  const stem = titleFromFileName(content.fileName);

  if (!main || !main.profile || main.columns.length === 0) {
    const names = sheets.map((s) => s.name);
    const title = userTitle(ctx) ?? (stem || (ja ? 'データ表' : 'Data table'));
    const summary = ja
      ? `${content.fileType.extension.toUpperCase()}形式の表ファイル（${kb(content.sizeBytes, lang)}）。${names.length ? `シート: ${names.join(', ')}。` : ''}内容の詳細は読み取れませんでした。`
      : `A ${content.fileType.extension.toUpperCase()} spreadsheet file (${kb(content.sizeBytes, lang)}).${names.length ? ` Sheets: ${names.join(', ')}.` : ''} Its cells could not be read in detail.`;
    return {
      title,
      summary,
      goodpoint: ja
        ? '元のファイルをダウンロードして、表計算ソフトで詳しく確認できます。'
        : 'The original file can be downloaded and explored in a spreadsheet application.',
      badpoint: legacy
        ? ja
          ? '旧形式（.xls）のため、セルの内容や統計は自動で読み取っていません。'
          : 'It is a legacy .xls file, so cell contents and statistics were not read automatically.'
        : ja
          ? 'ファイルを読み取れなかったため、内容の要約がありません。'
          : 'The file could not be read, so there is no summary of its contents.',
      ...fivePoints(
        [
          ...names.map((n) => (ja ? `シート${quote(n, lang)}` : `Sheet ${quote(n, lang)}`)),
          ja ? `ファイルサイズ: ${kb(content.sizeBytes, lang)}` : `File size: ${kb(content.sizeBytes, lang)}`,
          ja ? `ファイル名: ${content.fileName}` : `File name: ${content.fileName}`,
        ],
        [],
      ),
      answer: ja
        ? `${names.length ? `${names.length}枚のシートを含む` : ''}表ファイルです。詳しい内容はファイルを開いて確認してください。`
        : `A spreadsheet${names.length ? ` with ${names.length} sheet(s)` : ''}; open the file for details.`,
    };
  }

  const raw = main.profile;
  const p = localise(raw, lang);
  const rows = main.rowCount;
  const H = p.headline?.column;
  const L = p.entity?.column;
  const timeConst = p.constants.find((c) => YEARISH.test(c.name) || YEARISH.test(c.value));
  const constSuffix = timeConst ? (ja ? `（${timeConst.value}）` : ` (${timeConst.value})`) : '';
  const { findings, headlines, good, bad } = tableFindings(content, main, raw, lang);
  const opening = tableOpening(main, raw, lang);
  if (damaged) bad.unshift(ja ? 'ファイルの一部を読み取れませんでした。' : 'Part of the file could not be read.');

  // Title: the uploader's, the title row, else what the table measures by what.
  const composed = H
    ? p.trend
      ? ja
        ? `${H}の推移（${p.trend.first.label}〜${p.trend.last.label}）`
        : `${H} over time, ${p.trend.first.label}–${p.trend.last.label}`
      : L && p.top.length
        ? ja
          ? `${L}別の${H}${constSuffix}`
          : `${H} by ${L}${constSuffix}`
        : undefined
    : p.counts
      ? ja
        ? `${stem}（${p.counts.column}別）`
        : `${stem} by ${p.counts.column}`
      : undefined;
  const title = cut(userTitle(ctx) ?? main.title ?? composed ?? (stem || (ja ? 'データ表' : 'Data table')), DRAFT_LIMITS.title);

  // Summary: the subject, then the two or three findings.
  const subject = userTitle(ctx) ?? main.title ?? (composed && p.trend ? composed.replace(/（.*$|, \d.*$/, '') : composed?.replace(constSuffix, '')) ?? stem;
  const scope: string[] = [];
  if (H && L && p.entity && p.entity.count < rows)
    scope.push(
      ja
        ? `${nf(p.ranked || p.entity.count, lang)}${raw.roles.find((r) => r.name === raw.entity?.column)?.role === 'category' && L ? jaKinds(L) : ''}の${L}`
        : `${nf(p.ranked || p.entity.count, lang)} ${L} values`,
    );
  if (timeConst) scope.push(timeConst.value);
  // Which sheet of a workbook the Book is about (a notes sheet first is passed over).
  if (sheets.length > 1)
    scope.push(
      ja ? `全${sheets.length}シートのうちシート${quote(main.name, lang)}の表` : `the table on sheet ${quote(main.name, lang)} of ${sheets.length} sheets`,
    );
  const intro = ja
    ? `${subject}のデータです${scope.length ? `（${scope.join('、')}）` : ''}。`
    : `This table covers ${subject}${scope.length ? ` (${scope.join(', ')})` : ''}.`;
  const description = uploaderSentence(ctx, lang);
  const summary = fit(
    [intro, ...opening.intro, description, ...headlines.slice(0, 1), ...opening.measures.slice(0, 3), ...headlines.slice(1, 2)],
    DRAFT_LIMITS.summary,
  );

  if (!good.length) good.push(ja ? `${nf(rows, lang)}行の表で、列の意味が明確です。` : `${nf(rows, lang)} rows with clearly named columns.`);
  // A source row under the table (資料：…, 出典：…, Source: …) answers where the figures come from.
  const source = main.notes?.find((n) => /^\s*[（(]?\s*(資料|出典|sources?)\s*[:：)）]/i.test(n));
  const sourceNote = source ? (ja ? `出典はファイルに「${truncate(source, 80)}」とあります。` : `The file states its source: “${truncate(source, 80)}”.`) : '';
  if (sourceNote) good.push(sourceNote);
  const goodpoint = fit(good, DRAFT_LIMITS.goodpoint);
  const noLimit = sourceNote
    ? ja
      ? '利用前に、出典の最新版と数値を照らし合わせてください。'
      : 'Check the figures against the latest edition of the stated source before relying on them.'
    : ja
      ? '出典はファイル内に書かれていないので、利用前に確認してください。'
      : 'The source is not stated in the file; check it before relying on the figures.';
  const badpoint = fit(bad.length ? bad : [noLimit], DRAFT_LIMITS.badpoint);

  const otherSheets = sheets.filter((s) => s !== main && s.rowCount > 0);
  const extra = otherSheets.slice(0, 2).map((s) => {
    const sp = s.profile;
    const head =
      sp?.headline && sp.top.length
        ? ja
          ? `（${sp.headline.column}は${sp.top[0].label}が最大）`
          : ` (${sp.headline.column} highest for ${sp.top[0].label})`
        : '';
    return ja ? `シート${quote(s.name, lang)}: ${nf(s.rowCount, lang)}行${head}` : `Sheet ${quote(s.name, lang)}: ${nf(s.rowCount, lang)} rows${head}`;
  });
  // The findings first, then each measure's range and yearly change (the summary may not hold them all).
  // A series of one row a day (month, year) is read measure by measure; a table of labels by its findings.
  const ordered = raw.period?.onePerRow
    ? [...findings.slice(0, 1), ...opening.measures, ...findings.slice(1), ...extra]
    : [...findings.slice(0, 4), ...extra, ...opening.measures, ...findings.slice(4)];
  const points = fivePoints(ordered, tableFillers(main, raw, lang));
  const answer = fit(headlines.length ? headlines : findings.slice(0, 2), DRAFT_LIMITS.answer) || summary;
  return { title, summary, goodpoint, badpoint, ...points, answer };
}

// ------------------------------------------------------------------------------------------ documents

interface Ranked {
  sentence: string;
  index: number;
  score: number;
}

/** Sentences scored by the content's keywords (rank-weighted), per word, with a bonus for figures. */
export function rankSentences(paragraphs: string[], keywords: string[]): Ranked[] {
  const weight = new Map<string, number>();
  keywords.forEach((k, i) => {
    for (const w of searchWords(k)) if (!weight.has(w)) weight.set(w, keywords.length - i);
  });
  const ranked: Ranked[] = [];
  let index = 0;
  for (const paragraph of paragraphs) {
    for (const sentence of splitSentences(paragraph)) {
      const words = searchWords(sentence);
      const length = charLength(sentence);
      if (words.length < 4 || length < 12 || length > 400) {
        index++;
        continue;
      }
      const distinct = new Set(words);
      let score = 0;
      for (const w of distinct) score += weight.get(w) ?? 0;
      score /= Math.sqrt(words.length);
      if (/\d/.test(sentence)) score *= 1.2;
      if (index === 0) score *= 1.1;
      ranked.push({ sentence, index, score });
      index++;
    }
  }
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index);
}

function describeDocument(content: ExtractedContent, ctx: GenerationContext, lang: ContentLanguage): DraftText {
  const ja = lang === 'ja';
  const doc = content.document ?? { headings: [], paragraphs: [], characterCount: 0 };
  const title = userTitle(ctx) ?? doc.title ?? doc.headings[0] ?? (titleFromFileName(content.fileName) || (ja ? '文書' : 'Document'));
  const ranked = rankSentences(doc.paragraphs, content.keywords);
  const headings = doc.headings.slice(0, 4);
  const keywords = content.keywords.slice(0, 3);
  const size =
    content.language === 'ja' || ja
      ? ja
        ? `約${nf(doc.characterCount, lang)}字`
        : `about ${nf(doc.characterCount, lang)} characters`
      : ja
        ? `約${nf(Math.round(doc.characterCount / 6), lang)}語`
        : `about ${nf(Math.round(doc.characterCount / 6), lang)} words`;
  const legacy = content.fileType.kind === 'doc';

  if (doc.characterCount === 0 || (ranked.length === 0 && doc.headings.length === 0 && doc.paragraphs.length === 0)) {
    return {
      title,
      summary: ja
        ? `Word文書（${kb(content.sizeBytes, lang)}）。本文を読み取れませんでした。`
        : `A Word document (${kb(content.sizeBytes, lang)}) whose text could not be read.`,
      goodpoint: ja ? '元のファイルをダウンロードして内容を確認できます。' : 'The original file can be downloaded and read.',
      badpoint: ja ? '本文を自動で読み取れなかったため、要約がありません。' : 'Its text could not be extracted, so there is no summary.',
      ...fivePoints(
        [
          ja ? `ファイル名: ${content.fileName}` : `File name: ${content.fileName}`,
          ja ? `ファイルサイズ: ${kb(content.sizeBytes, lang)}` : `File size: ${kb(content.sizeBytes, lang)}`,
        ],
        [],
      ),
      answer: ja ? '内容はファイルを開いて確認してください。' : 'Open the file to see its contents.',
    };
  }

  const top = ranked.slice(0, 2).sort((a, b) => a.index - b.index);
  // Tables in the document: their first finding (extremes or trend of the headline measure).
  const tableFacts: string[] = [];
  for (const table of doc.tables ?? []) {
    if (!table.profile) continue;
    const f = tableFindings(content, table, table.profile, lang);
    const first = f.headlines[0] ?? f.findings[0];
    if (first) tableFacts.push(ja ? `表: ${first}` : `Table: ${first}`);
  }
  const intro = ja
    ? `${size}の文書${
        doc.headings.length
          ? `で、${doc.headings.length}個の見出し（${headings
              .slice(0, 3)
              .map((h) => quote(h, lang))
              .join('')}など）で構成されています`
          : 'です'
      }。`
    : `A document of ${size}${
        doc.headings.length
          ? ` organised under ${doc.headings.length} headings (${headings
              .slice(0, 3)
              .map((h) => quote(h, lang))
              .join(', ')}, …)`
          : ''
      }.`;
  const summary = fit([intro, uploaderSentence(ctx, lang), ...top.map((r) => r.sentence), ...tableFacts.slice(0, 1)], DRAFT_LIMITS.summary);

  const goodpoint = doc.headings.length
    ? ja
      ? `${headings
          .slice(0, 3)
          .map((h) => quote(h, lang))
          .join('')}などの見出しごとに整理されていて、${keywords.length ? `${keywords.join('・')}について` : ''}要点をつかみやすい文書です。`
      : `Organised under headings such as ${listJoin(
          headings.slice(0, 3).map((h) => quote(h, lang)),
          lang,
        )}, it gives a quick overview${keywords.length ? ` of ${listJoin(keywords, lang)}` : ''}.`
    : ja
      ? `${keywords.length ? `${keywords.join('・')}について` : ''}具体的に書かれた文章で、背景や考え方を知るのに役立ちます。`
      : `A focused text${keywords.length ? ` on ${listJoin(keywords, lang)}` : ''} that explains the background and reasoning.`;

  const bad: string[] = [];
  if (doc.characterCount < (content.language === 'ja' ? 1500 : 3000))
    bad.push(ja ? `本文は${size}と短く、詳しいデータや根拠は限られています。` : `At ${size} it is short, so detailed data and evidence are limited.`);
  if (!doc.headings.length) bad.push(ja ? '見出しがないため、全体の構成がつかみにくいです。' : 'It has no headings, so its structure is harder to follow.');
  if (legacy) bad.push(ja ? '旧形式（.doc）のため、見出しは推定です。' : 'As a legacy .doc file, its headings are guessed.');
  if (tableFacts.length)
    bad.push(
      ja
        ? '図や画像の内容は取り込んでいないため、文章と表から読み取れる範囲の情報です。'
        : 'Figures and images are not included; only the text and tables were read.',
    );
  else
    bad.push(
      ja
        ? '図・表・画像の内容は取り込んでいないため、文章から読み取れる範囲の情報です。'
        : 'Figures, tables and images are not included; only the text was read.',
    );
  const badpoint = fit(bad, DRAFT_LIMITS.badpoint);

  const used = new Set(top.map((r) => r.index));
  const rest = ranked.filter((r) => !used.has(r.index));
  const pointSentences = (rest.length >= 5 ? rest : ranked).slice(0, 5).sort((a, b) => a.index - b.index);
  const facts = [...tableFacts.slice(0, 2), ...pointSentences.map((r) => r.sentence)];
  const fillers = doc.headings.map((h) => (ja ? `見出し: ${h}` : `Section: ${h}`));

  const best = ranked[0];
  const answer = fit(
    ja ? [best.sentence] : [best.sentence, ranked.find((r) => r.index !== best.index && /\d/.test(r.sentence))?.sentence ?? ''],
    DRAFT_LIMITS.answer,
  );

  return { title: cut(title, DRAFT_LIMITS.title), summary, goodpoint, badpoint, ...fivePoints(facts, fillers), answer };
}

// ------------------------------------------------------------------------------------------ images

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function formatTakenAt(takenAt: string, lang: ContentLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(takenAt);
  if (!m) return takenAt;
  const [, y, mo, d, h, mi] = m;
  return lang === 'ja' ? `${Number(y)}年${Number(mo)}月${Number(d)}日 ${h}:${mi}` : `${MONTHS[Number(mo) - 1]} ${Number(d)}, ${y}, ${h}:${mi}`;
}

function describeImage(content: ExtractedContent, ctx: GenerationContext, lang: ContentLanguage): DraftText {
  const ja = lang === 'ja';
  const image = content.image ?? { width: 0, height: 0, format: 'jpeg', hasGps: false };
  const title = userTitle(ctx) ?? (titleFromFileName(content.fileName) || (ja ? '写真' : 'Photo'));
  const known = image.width > 0 && image.height > 0;
  const megapixels = (image.width * image.height) / 1_000_000;
  const orientation = !known
    ? ''
    : image.width > image.height * 1.05
      ? ja
        ? '横長'
        : 'landscape'
      : image.height > image.width * 1.05
        ? ja
          ? '縦長'
          : 'portrait'
        : ja
          ? '正方形に近い'
          : 'square';
  const when = image.takenAt ? formatTakenAt(image.takenAt, lang) : undefined;
  const description = ctx.description?.trim();

  const summaryParts = [
    known
      ? ja
        ? `${image.width}×${image.height}ピクセル（約${nf(megapixels, lang)}メガピクセル）の${orientation}の写真。`
        : `A ${orientation} photo of ${image.width}×${image.height} pixels (about ${nf(megapixels, lang)} megapixels).`
      : ja
        ? `JPEG画像（${kb(content.sizeBytes, lang)}）。`
        : `A JPEG image (${kb(content.sizeBytes, lang)}).`,
    when
      ? ja
        ? `${when}に撮影${image.camera ? `（${image.camera}）` : ''}。`
        : `Taken on ${when}${image.camera ? ` with a ${image.camera}` : ''}.`
      : image.camera
        ? ja
          ? `カメラ: ${image.camera}。`
          : `Camera: ${image.camera}.`
        : '',
    description && writtenIn(description, lang) ? description : uploaderSentence(ctx, lang),
  ];
  const summary = fit(summaryParts, DRAFT_LIMITS.summary);

  const good: string[] = [];
  if (when || image.camera)
    good.push(
      ja
        ? `撮影${when ? '日時' : ''}${when && image.camera ? 'と' : ''}${image.camera ? '機材' : ''}の情報が残っており、記録写真として使えます。`
        : `${when && image.camera ? 'The date and camera are' : when ? 'The date is' : 'The camera is'} recorded, which makes it useful as a documentary photo.`,
    );
  if (megapixels >= 2) good.push(ja ? '解像度が高く、資料やカバー画像にも使えます。' : 'Its resolution is high enough for slides and cover images.');
  if (!good.length) good.push(ja ? '視覚的に内容を伝えられる画像です。' : 'It conveys its subject visually at a glance.');
  const goodpoint = fit(good, DRAFT_LIMITS.goodpoint);

  const bad: string[] = [];
  if (!description)
    bad.push(
      ja
        ? '画像だけでは写っている内容の説明がないため、説明文で補う必要があります。'
        : 'The image carries no description of what it shows; a caption is needed.',
    );
  if (!when) bad.push(ja ? '撮影日時の情報がありません。' : 'There is no record of when it was taken.');
  if (image.hasGps)
    bad.push(
      ja
        ? '位置情報（GPS）が含まれていましたが、プライバシー保護のため公開していません。'
        : 'It contained a GPS position, which is not published to protect privacy.',
    );
  if (known && megapixels < 1) bad.push(ja ? '解像度が低めです。' : 'Its resolution is rather low.');
  if (!known) bad.push(ja ? '画像を読み取れませんでした。' : 'The image could not be decoded.');
  const badpoint = fit(bad, DRAFT_LIMITS.badpoint);

  const facts: string[] = [];
  if (known)
    facts.push(ja ? `サイズ: ${image.width}×${image.height}ピクセル（${orientation}）` : `Size: ${image.width}×${image.height} pixels (${orientation})`);
  if (when) facts.push(ja ? `撮影日時: ${when}` : `Taken: ${when}`);
  if (image.camera) facts.push(ja ? `カメラ: ${image.camera}` : `Camera: ${image.camera}`);
  if (known) facts.push(ja ? `画素数: 約${nf(megapixels, lang)}メガピクセル` : `Resolution: about ${nf(megapixels, lang)} megapixels`);
  facts.push(ja ? `ファイルサイズ: ${kb(content.sizeBytes, lang)}` : `File size: ${kb(content.sizeBytes, lang)}`);
  facts.push(ja ? `位置情報: ${image.hasGps ? 'あり（非公開）' : 'なし'}` : `Location data: ${image.hasGps ? 'present (not published)' : 'none'}`);

  const answer = known
    ? ja
      ? `${when ? `${when}に` : ''}${image.camera ? `${image.camera}で` : ''}撮影された${image.width}×${image.height}ピクセルの写真です。${description ? ` ${description}` : ''}`
      : `A ${image.width}×${image.height} photo${when ? ` taken on ${when}` : ''}${image.camera ? ` with a ${image.camera}` : ''}.${description ? ` ${description}` : ''}`
    : ja
      ? 'JPEG画像です。'
      : 'A JPEG image.';

  return { title, summary, goodpoint, badpoint, ...fivePoints(facts, []), answer: cut(answer, DRAFT_LIMITS.answer) };
}
