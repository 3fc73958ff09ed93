import { searchWords } from '../../../common/search/search-text';
import { DRAFT_LIMITS, finalizeDraft } from './draft';
import { pickTags } from './tags';
import { charLength, formatNumber, splitSentences, titleFromFileName, truncate } from './text';
import {
  type BookDraft,
  type BookGenerator,
  type ColumnSummary,
  type ContentLanguage,
  type ExtractedContent,
  type GenerationContext,
  type SheetSummary,
} from './types';

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
    const text =
      content.kind === 'table' ? describeTable(content, ctx, lang) : content.kind === 'document' ? describeDocument(content, ctx, lang) : describeImage(content, ctx, lang);
    const tags = pickTags(ctx.tagCandidates, tagSource(content, ctx));
    return finalizeDraft(text, tags, lang, ctx.tagCandidates);
  }
}

type DraftText = Omit<BookDraft, 'tags' | 'language'>;

// ------------------------------------------------------------------------------------------ helpers

const nf = (n: number | undefined, lang: ContentLanguage) => (n === undefined ? '' : formatNumber(n, lang));
const quote = (s: string, lang: ContentLanguage) => (lang === 'ja' ? `「${s}」` : `“${s}”`);
const listJoin = (items: string[], lang: ContentLanguage) => {
  if (lang === 'ja') return items.join('、');
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
};
const range = (a: string, b: string, lang: ContentLanguage) => (lang === 'ja' ? `${a}〜${b}` : `${a} to ${b}`);
const cut = (s: string, n: number) => truncate(s, n);

function userTitle(ctx: GenerationContext): string | undefined {
  const t = ctx.title?.trim();
  return t ? t : undefined;
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

const ID_COLUMN = /^(id|no\.?|#|番号|№|連番|index|code|コード)$/i;
const YEAR_COLUMN = /^(year|年|年度|fiscal year)$/i;

interface TableShape {
  sheet: SheetSummary;
  rows: number;
  cols: number;
  label?: ColumnSummary;
  date?: ColumnSummary;
  year?: ColumnSummary;
  measures: ColumnSummary[];
  categories: ColumnSummary[];
  missing: Array<{ column: ColumnSummary; count: number }>;
}

function shapeOf(sheet: SheetSummary): TableShape {
  const [first] = sheet.columns;
  const label = first && first.type === 'text' ? first : undefined;
  const date = sheet.columns.find((c) => c.type === 'date');
  const year = sheet.columns.find((c) => c.type === 'number' && YEAR_COLUMN.test(c.name.trim()));
  const measures = sheet.columns.filter((c) => c.type === 'number' && c !== year && !ID_COLUMN.test(c.name.trim()) && c.min !== undefined);
  const categories = sheet.columns.filter(
    (c) => c.type === 'text' && c !== label && c.distinct >= 2 && !c.distinctCapped && c.distinct <= Math.max(12, c.nonEmpty * 0.5) && c.topValues.length > 0 && c.topValues[0].count > 1,
  );
  const missing = sheet.columns
    .filter((c) => c.type !== 'empty' && c.nonEmpty < sheet.rowCount)
    .map((column) => ({ column, count: sheet.rowCount - column.nonEmpty }))
    .sort((a, b) => b.count - a.count);
  return { sheet, rows: sheet.rowCount, cols: sheet.columns.length, label, date, year, measures, categories, missing };
}

function tableTitle(content: ExtractedContent, shape: TableShape | undefined, lang: ContentLanguage): string {
  const stem = titleFromFileName(content.fileName);
  if (shape && content.language === lang) {
    const m = shape.measures[0];
    if (m && shape.date) return lang === 'ja' ? `${m.name}の推移` : `${m.name} over time`;
    if (m && shape.label) return lang === 'ja' ? `${shape.label.name}別の${m.name}` : `${m.name} by ${shape.label.name}`;
    if (!/^(sheet|シート)\s*\d*$/i.test(shape.sheet.name) && shape.sheet.name !== stem) return shape.sheet.name;
  }
  return stem || (lang === 'ja' ? 'データ表' : 'Data table');
}

function measureFact(m: ColumnSummary, lang: ContentLanguage): string {
  const at = (label?: string) => (label ? (lang === 'ja' ? `（${label}）` : ` (${label})`) : '');
  return lang === 'ja'
    ? `${m.name}: 最小${nf(m.min, lang)}${at(m.minLabel)}、最大${nf(m.max, lang)}${at(m.maxLabel)}、平均${nf(m.mean, lang)}`
    : `${m.name}: min ${nf(m.min, lang)}${at(m.minLabel)}, max ${nf(m.max, lang)}${at(m.maxLabel)}, mean ${nf(m.mean, lang)}`;
}

function categoryFact(c: ColumnSummary, lang: ContentLanguage): string {
  const tops = c.topValues.slice(0, 3);
  return lang === 'ja'
    ? `${c.name}: ${tops.map((t) => `${quote(t.value, lang)}${t.count}件`).join('、')}など（${c.distinct}種類）`
    : `${c.name}: ${tops.map((t) => `${quote(t.value, lang)} (${t.count})`).join(', ')} — ${c.distinct} distinct values`;
}

function describeTable(content: ExtractedContent, ctx: GenerationContext, lang: ContentLanguage): DraftText {
  const ja = lang === 'ja';
  const sheets = content.sheets ?? [];
  const main = [...sheets].sort((a, b) => b.rowCount - a.rowCount)[0];
  const shape = main && main.columns.length > 0 ? shapeOf(main) : undefined;
  const title = userTitle(ctx) ?? tableTitle(content, shape, lang);
  const legacy = content.fileType.kind === 'xls';
  const damaged = (content.warnings ?? []).some((w) => /damaged|could not|skipped|stopped/i.test(w));

  if (!shape) {
    const names = sheets.map((s) => s.name);
    const summary = ja
      ? `${content.fileType.extension.toUpperCase()}形式の表ファイル（${kb(content.sizeBytes, lang)}）。${names.length ? `シート: ${names.join(', ')}。` : ''}内容の詳細は読み取れませんでした。`
      : `A ${content.fileType.extension.toUpperCase()} spreadsheet file (${kb(content.sizeBytes, lang)}).${names.length ? ` Sheets: ${names.join(', ')}.` : ''} Its cells could not be read in detail.`;
    return {
      title,
      summary,
      goodpoint: ja ? '元のファイルをダウンロードして、表計算ソフトで詳しく確認できます。' : 'The original file can be downloaded and explored in a spreadsheet application.',
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
      answer: ja ? `${names.length ? `${names.length}枚のシートを含む` : ''}表ファイルです。詳しい内容はファイルを開いて確認してください。` : `A spreadsheet${names.length ? ` with ${names.length} sheet(s)` : ''}; open the file for details.`,
    };
  }

  const { rows, cols, label, date, measures, categories, missing } = shape;
  const [m1, m2, m3] = measures;
  const [c1, c2] = categories;
  const columnNames = main.columns.slice(0, 6).map((c) => c.name);
  const otherSheets = sheets.filter((s) => s !== main);

  // Summary
  const summaryParts: string[] = [];
  summaryParts.push(
    ja
      ? `${nf(rows, lang)}行・${cols}列の表${sheets.length > 1 ? `（全${sheets.length}シート）` : ''}。主な列: ${columnNames.join(', ')}${main.columns.length > 6 ? ' ほか' : ''}。`
      : `A table of ${nf(rows, lang)} rows and ${cols} columns${sheets.length > 1 ? ` (${sheets.length} sheets)` : ''}. Main columns: ${columnNames.join(', ')}${main.columns.length > 6 ? ', …' : ''}.`,
  );
  for (const m of [m1, m2].filter(Boolean)) {
    summaryParts.push(
      ja
        ? `${m.name}は${range(nf(m.min, lang), nf(m.max, lang), lang)}、平均${nf(m.mean, lang)}。`
        : `${m.name} ranges from ${nf(m.min, lang)} to ${nf(m.max, lang)} (mean ${nf(m.mean, lang)}).`,
    );
  }
  if (date?.minDate && date.maxDate) summaryParts.push(ja ? `期間は${range(date.minDate, date.maxDate, lang)}。` : `It covers ${date.minDate} to ${date.maxDate}.`);
  if (c1) {
    const tops = c1.topValues.slice(0, 2).map((t) => quote(t.value, lang));
    summaryParts.push(ja ? `${c1.name}は${tops.join('')}などが多い。` : `The most common ${c1.name} values are ${listJoin(tops, lang)}.`);
  }
  const summary = fit(summaryParts, DRAFT_LIMITS.summary);

  // Good points
  const measureNames = measures.slice(0, 3).map((m) => m.name);
  const good: string[] = [];
  good.push(
    ja
      ? `${nf(rows, lang)}件のデータが${cols}項目に整理されており、${measureNames.length ? `${measureNames.join('・')}を比較・集計できます。` : '内容を一覧で確認できます。'}`
      : `${nf(rows, lang)} records in ${cols} clearly named columns${measureNames.length ? ` make it easy to compare and aggregate ${listJoin(measureNames, lang)}.` : ' give a quick overview of the contents.'}`,
  );
  if (label && m1) good.push(ja ? `${label.name}ごとの違いやランキングを見るのに便利です。` : `Handy for ranking and comparing by ${label.name}.`);
  if (date) {
    good.push(
      ja
        ? `日付の列${/^(日付|年月日)$/.test(date.name) ? '' : `（${date.name}）`}があるので、時間による変化を追えます。`
        : `The ${date.name} column lets you follow changes over time.`,
    );
  }
  if (c1) good.push(ja ? `${c1.name}でグループ分けした集計にも使えます。` : `${c1.name} allows grouped summaries.`);
  const goodpoint = fit(good, DRAFT_LIMITS.goodpoint);

  // Bad points
  const bad: string[] = [];
  for (const { column, count } of missing.slice(0, 2)) bad.push(ja ? `${column.name}に${nf(count, lang)}件の欠損（空欄）があります。` : `${column.name} has ${nf(count, lang)} missing values.`);
  if (rows < 30) bad.push(ja ? `件数が${rows}件と少ないため、統計的な傾向を読むには注意が必要です。` : `With only ${rows} rows, statistical conclusions are limited.`);
  if (!date && !shape.year) bad.push(ja ? '日付の列がないため、時期による変化は分かりません。' : 'There is no date column, so changes over time cannot be seen.');
  if (!m1) bad.push(ja ? '数値の列がないため、量の比較や集計はできません。' : 'There are no numeric columns to compare or aggregate.');
  if (damaged) bad.push(ja ? 'ファイルの一部を読み取れませんでした。' : 'Part of the file could not be read.');
  if (bad.length < 2) bad.push(ja ? '出典や単位はファイル内に明記されていないので、利用前に確認してください。' : 'Sources and units are not stated in the file itself; check them before relying on the figures.');
  const badpoint = fit(bad, DRAFT_LIMITS.badpoint);

  // Points
  const facts: string[] = [];
  if (m1) facts.push(measureFact(m1, lang));
  if (m2) facts.push(measureFact(m2, lang));
  if (date?.minDate && date.maxDate) facts.push(ja ? `${date.name}: ${range(date.minDate, date.maxDate, lang)}（${nf(date.nonEmpty, lang)}件）` : `${date.name}: ${date.minDate} to ${date.maxDate} (${nf(date.nonEmpty, lang)} entries)`);
  if (c1) facts.push(categoryFact(c1, lang));
  if (m3) facts.push(measureFact(m3, lang));
  if (c2) facts.push(categoryFact(c2, lang));
  for (const s of otherSheets.slice(0, 2)) {
    facts.push(
      ja
        ? `シート${quote(s.name, lang)}: ${nf(s.rowCount, lang)}行・${s.columns.length}列（${s.columns.slice(0, 4).map((c) => c.name).join(', ')}）`
        : `Sheet ${quote(s.name, lang)}: ${nf(s.rowCount, lang)} rows × ${s.columns.length} columns (${s.columns.slice(0, 4).map((c) => c.name).join(', ')})`,
    );
  }
  const fillers: string[] = [];
  if (main.sampleRows[0]) fillers.push(ja ? `1行目の例: ${main.sampleRows[0].join(' / ')}` : `First row: ${main.sampleRows[0].join(' / ')}`);
  fillers.push(ja ? `${nf(rows, lang)}行 × ${cols}列、ファイルサイズ${kb(content.sizeBytes, lang)}` : `${nf(rows, lang)} rows × ${cols} columns, ${kb(content.sizeBytes, lang)}`);
  if (label) fillers.push(ja ? `${label.name}: ${nf(label.distinct, lang)}${label.distinctCapped ? '以上' : ''}種類` : `${label.name}: ${nf(label.distinct, lang)}${label.distinctCapped ? '+' : ''} distinct values`);

  // Answer
  let answer: string;
  if (m1 && date && m1.maxLabel) {
    answer = ja
      ? `${date.minDate && date.maxDate ? `${range(date.minDate, date.maxDate, lang)}の` : ''}${m1.name}は${range(nf(m1.min, lang), nf(m1.max, lang), lang)}で推移し、平均は${nf(m1.mean, lang)}でした。最も高かったのは${m1.maxLabel}、最も低かったのは${m1.minLabel ?? '—'}です。`
      : `${date.minDate && date.maxDate ? `Between ${date.minDate} and ${date.maxDate}, ` : ''}${m1.name} ranged from ${nf(m1.min, lang)} to ${nf(m1.max, lang)} (mean ${nf(m1.mean, lang)}), highest on ${m1.maxLabel} and lowest on ${m1.minLabel ?? '—'}.`;
  } else if (m1 && label && m1.maxLabel && m1.minLabel) {
    answer = ja
      ? `${m1.name}は${label.name}によって${nf(m1.min, lang)}（${m1.minLabel}）から${nf(m1.max, lang)}（${m1.maxLabel}）まで差があり、平均は${nf(m1.mean, lang)}です。`
      : `${m1.name} varies by ${label.name} from ${nf(m1.min, lang)} (${m1.minLabel}) to ${nf(m1.max, lang)} (${m1.maxLabel}), with a mean of ${nf(m1.mean, lang)}.`;
  } else if (m1) {
    answer = ja
      ? `${m1.name}は${range(nf(m1.min, lang), nf(m1.max, lang), lang)}の範囲で、平均は${nf(m1.mean, lang)}です。`
      : `${m1.name} ranges from ${nf(m1.min, lang)} to ${nf(m1.max, lang)}, with a mean of ${nf(m1.mean, lang)}.`;
  } else if (c1) {
    const top = c1.topValues[0];
    answer = ja ? `${c1.name}は${quote(top.value, lang)}が最も多く、${nf(top.count, lang)}件です。` : `The most common ${c1.name} is ${quote(top.value, lang)} (${nf(top.count, lang)} rows).`;
  } else {
    answer = ja ? `${nf(rows, lang)}行・${cols}列のデータが含まれています。` : `It holds ${nf(rows, lang)} rows of data in ${cols} columns.`;
  }
  if (m2 && m1) {
    const more = ja ? `${m2.name}の平均は${nf(m2.mean, lang)}です。` : `The mean ${m2.name} is ${nf(m2.mean, lang)}.`;
    answer = fit([answer, more], DRAFT_LIMITS.answer);
  }

  return { title, summary, goodpoint, badpoint, ...fivePoints(facts, fillers), answer };
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

  if (doc.characterCount === 0 || ranked.length === 0 && doc.headings.length === 0 && doc.paragraphs.length === 0) {
    return {
      title,
      summary: ja ? `Word文書（${kb(content.sizeBytes, lang)}）。本文を読み取れませんでした。` : `A Word document (${kb(content.sizeBytes, lang)}) whose text could not be read.`,
      goodpoint: ja ? '元のファイルをダウンロードして内容を確認できます。' : 'The original file can be downloaded and read.',
      badpoint: ja ? '本文を自動で読み取れなかったため、要約がありません。' : 'Its text could not be extracted, so there is no summary.',
      ...fivePoints([ja ? `ファイル名: ${content.fileName}` : `File name: ${content.fileName}`, ja ? `ファイルサイズ: ${kb(content.sizeBytes, lang)}` : `File size: ${kb(content.sizeBytes, lang)}`], []),
      answer: ja ? '内容はファイルを開いて確認してください。' : 'Open the file to see its contents.',
    };
  }

  const top = ranked.slice(0, 2).sort((a, b) => a.index - b.index);
  const intro = ja
    ? `${size}の文書${doc.headings.length ? `で、${doc.headings.length}個の見出し（${headings.slice(0, 3).map((h) => quote(h, lang)).join('')}など）で構成されています` : 'です'}。`
    : `A document of ${size}${doc.headings.length ? ` organised under ${doc.headings.length} headings (${headings.slice(0, 3).map((h) => quote(h, lang)).join(', ')}, …)` : ''}.`;
  const summary = fit([intro, ...top.map((r) => r.sentence)], DRAFT_LIMITS.summary);

  const goodpoint = doc.headings.length
    ? ja
      ? `${headings.slice(0, 3).map((h) => quote(h, lang)).join('')}などの見出しごとに整理されていて、${keywords.length ? `${keywords.join('・')}について` : ''}要点をつかみやすい文書です。`
      : `Organised under headings such as ${listJoin(headings.slice(0, 3).map((h) => quote(h, lang)), lang)}, it gives a quick overview${keywords.length ? ` of ${listJoin(keywords, lang)}` : ''}.`
    : ja
      ? `${keywords.length ? `${keywords.join('・')}について` : ''}具体的に書かれた文章で、背景や考え方を知るのに役立ちます。`
      : `A focused text${keywords.length ? ` on ${listJoin(keywords, lang)}` : ''} that explains the background and reasoning.`;

  const bad: string[] = [];
  if (doc.characterCount < (content.language === 'ja' ? 1500 : 3000)) bad.push(ja ? `本文は${size}と短く、詳しいデータや根拠は限られています。` : `At ${size} it is short, so detailed data and evidence are limited.`);
  if (!doc.headings.length) bad.push(ja ? '見出しがないため、全体の構成がつかみにくいです。' : 'It has no headings, so its structure is harder to follow.');
  if (legacy) bad.push(ja ? '旧形式（.doc）のため、見出しは推定です。' : 'As a legacy .doc file, its headings are guessed.');
  bad.push(ja ? '図・表・画像の内容は取り込んでいないため、文章から読み取れる範囲の情報です。' : 'Figures, tables and images are not included; only the text was read.');
  const badpoint = fit(bad, DRAFT_LIMITS.badpoint);

  const used = new Set(top.map((r) => r.index));
  const rest = ranked.filter((r) => !used.has(r.index));
  const pointSentences = (rest.length >= 5 ? rest : ranked).slice(0, 5).sort((a, b) => a.index - b.index);
  const facts = pointSentences.map((r) => r.sentence);
  const fillers = doc.headings.map((h) => (ja ? `見出し: ${h}` : `Section: ${h}`));

  const best = ranked[0];
  const answer = fit(ja ? [best.sentence] : [best.sentence, ranked.find((r) => r.index !== best.index && /\d/.test(r.sentence))?.sentence ?? ''], DRAFT_LIMITS.answer);

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
    when ? (ja ? `${when}に撮影${image.camera ? `（${image.camera}）` : ''}。` : `Taken on ${when}${image.camera ? ` with a ${image.camera}` : ''}.`) : image.camera ? (ja ? `カメラ: ${image.camera}。` : `Camera: ${image.camera}.`) : '',
    description ?? '',
  ];
  const summary = fit(summaryParts, DRAFT_LIMITS.summary);

  const good: string[] = [];
  if (when || image.camera) good.push(ja ? `撮影${when ? '日時' : ''}${when && image.camera ? 'と' : ''}${image.camera ? '機材' : ''}の情報が残っており、記録写真として使えます。` : `${when && image.camera ? 'The date and camera are' : when ? 'The date is' : 'The camera is'} recorded, which makes it useful as a documentary photo.`);
  if (megapixels >= 2) good.push(ja ? '解像度が高く、資料やカバー画像にも使えます。' : 'Its resolution is high enough for slides and cover images.');
  if (!good.length) good.push(ja ? '視覚的に内容を伝えられる画像です。' : 'It conveys its subject visually at a glance.');
  const goodpoint = fit(good, DRAFT_LIMITS.goodpoint);

  const bad: string[] = [];
  if (!description) bad.push(ja ? '画像だけでは写っている内容の説明がないため、説明文で補う必要があります。' : 'The image carries no description of what it shows; a caption is needed.');
  if (!when) bad.push(ja ? '撮影日時の情報がありません。' : 'There is no record of when it was taken.');
  if (image.hasGps) bad.push(ja ? '位置情報（GPS）が含まれていましたが、プライバシー保護のため公開していません。' : 'It contained a GPS position, which is not published to protect privacy.');
  if (known && megapixels < 1) bad.push(ja ? '解像度が低めです。' : 'Its resolution is rather low.');
  if (!known) bad.push(ja ? '画像を読み取れませんでした。' : 'The image could not be decoded.');
  const badpoint = fit(bad, DRAFT_LIMITS.badpoint);

  const facts: string[] = [];
  if (known) facts.push(ja ? `サイズ: ${image.width}×${image.height}ピクセル（${orientation}）` : `Size: ${image.width}×${image.height} pixels (${orientation})`);
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
