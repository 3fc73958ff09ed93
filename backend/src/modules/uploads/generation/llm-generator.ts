import { DRAFT_LIMITS, DRAFT_TEXT_FIELDS, filterTags, finalizeDraft, MAX_TAGS } from './draft';
import { type ChatMessage, LlmClient, type LlmClientOptions } from './llm-client';
import { collectNumbers, unknownNumbers } from './number-check';
import { mainSheet } from './local-generator';
import { truncate } from './text';
import {
  type BilingualContext,
  type BilingualDraft,
  type BookDraft,
  type BookGenerator,
  type ColumnLabels,
  type ContentLanguage,
  type ExtractedContent,
  type GenerationContext,
  LANGUAGES,
  type TableProfile,
} from './types';

const FIELD_DESCRIPTIONS = `{
  "title": string (≤ ${DRAFT_LIMITS.title} chars; keep the uploader's title if one is given; in the other language translate it and mark it "（機械翻訳）" / " (machine translation)"),
  "summary": string (≤ ${DRAFT_LIMITS.summary}; what the data is and contains; the uploader's description, translated and marked as above when it is in the other language),
  "goodpoint": string (≤ ${DRAFT_LIMITS.goodpoint}; what the data is good for),
  "badpoint": string (≤ ${DRAFT_LIMITS.badpoint}; limits: missing values, small size, no dates …),
  "point1" … "point5": string (each ≤ ${DRAFT_LIMITS.point1}; five distinct findings, never a raw row),
  "answer": string (≤ ${DRAFT_LIMITS.answer}; a short answer to "what does this data tell?"),
  "tags": string[] (0–${MAX_TAGS} names copied exactly from tagCandidates; never invent one)
}`;

function systemPrompt(language: ContentLanguage): string {
  return [
    'You write "Book" pages for a data-sharing site: a page that explains an uploaded data file (table, document or photo).',
    `Write every text field in ${language === 'ja' ? 'Japanese (natural, polite です/ます style)' : 'English'}.`,
    'You receive a JSON summary of the file (not the file itself). For tables, "profile" says what matters: column roles (identifier codes, constants, coordinates are never averaged), the headline measure with its unit, the highest and lowest entities, totals (not entities), groups, the trend over time and strong relations.',
    'Write like a data journalist: name the subject, then the two or three findings with their values and units. Use only facts and numbers present in the summary; every number you write must appear in it. Do not invent numbers, sources or places.',
    'Answer with one JSON object and nothing else, with exactly these keys:',
    FIELD_DESCRIPTIONS,
  ].join('\n');
}

function bilingualPrompt(): string {
  return [
    'You write "Book" pages for a data-sharing site: a page that explains an uploaded data file (table, document or photo).',
    'Write the page twice: once in Japanese (natural, polite です/ます style, full-width punctuation, counters such as 5種類 or 1,461日分, column names explained in Japanese) and once in English (sentences starting with a capital).',
    'You receive a JSON summary of the file (not the file itself). For tables, "profile" says what matters: column roles (identifier codes, constants, coordinates are never averaged), the headline measure with its unit, the highest and lowest entities, totals (not entities), groups, the trend over time and strong relations. Never add up a measure that does not add up (temperatures, rates, daily amounts across categories): use means, or say what a total is over.',
    'Write like a data journalist: what a row is, how many, the period covered, then the two or three findings with their values and units. Use only facts and numbers present in the summary; every number you write must appear in it.',
    'Answer with one JSON object and nothing else: {"ja": {...}, "en": {...}, "columns": {...}}, "ja" and "en" each with exactly these keys (tags for "ja" from tagCandidates.ja, for "en" from tagCandidates.en):',
    FIELD_DESCRIPTIONS,
    `and "columns": {"<column name>": {"ja": string, "en": string}} for each column of the sheet named in "mainSheet": a short label (≤ ${COLUMN_LABEL_MAX} chars) saying what the column holds in that language (temp_max → "最高気温" / "Maximum temperature"), with the unit in parentheses only when the summary gives it; no numbers that are not in the column name.`,
  ].join('\n');
}

const COLUMN_LABEL_MAX = 40;

/**
 * The "columns" part of an answer: labels for the main sheet's columns, each a short one-line
 * string with no number that is not in the column's name. Anything else is dropped (the glossary
 * labels those columns); never a reason to reject the Book's text.
 */
export function parseColumnLabels(value: unknown, names: string[]): ColumnLabels | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: ColumnLabels = {};
  for (const name of names) {
    const entry = Object.prototype.hasOwnProperty.call(value, name) ? (value as Record<string, unknown>)[name] : undefined;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const digits = new Set(name.match(/\d+/g) ?? []);
    for (const lang of LANGUAGES) {
      const label = (entry as Record<string, unknown>)[lang];
      if (typeof label !== 'string') continue;
      const text = label.trim();
      if (!text || text.length > COLUMN_LABEL_MAX || /[\r\n<>]/.test(text) || (text.match(/\d+/g) ?? []).some((d) => !digits.has(d))) continue;
      (out[name] ??= {})[lang] = text;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

function profileForPrompt(p: TableProfile): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  delete out.numbers;
  delete out.chart;
  delete out.roles;
  if (p.trend) out.trend = { ...p.trend, series: undefined };
  return out;
}

/** Numbers a Book may cite: everything the model was shown, plus the profile's derived figures. */
export function knownNumbers(content: ExtractedContent, ctx: GenerationContext): number[] {
  const known = collectNumbers(contentForPrompt(content, ctx));
  for (const s of content.sheets ?? []) if (s.profile) known.push(...s.profile.numbers);
  known.push(content.sheets?.length ?? 0, Math.round(content.sizeBytes / 1024), Math.round((content.sizeBytes / 1024 / 1024) * 10) / 10);
  return known;
}

/** The content summary sent to the model: statistics and text excerpts, never the raw file or cover. */
export function contentForPrompt(content: ExtractedContent, ctx: GenerationContext): Record<string, unknown> {
  const out: Record<string, unknown> = {
    file: { name: content.fileName, type: content.fileType.kind, sizeBytes: content.sizeBytes, contentLanguage: content.language },
    uploader: { title: ctx.title || undefined, description: ctx.description ? truncate(ctx.description, 1000) : undefined },
    keywords: content.keywords,
  };
  if (content.sheets) {
    out.sheets = content.sheets.slice(0, 10).map((s) => {
      const roles = new Map(s.profile?.roles.map((r) => [r.name, r]) ?? []);
      return {
        name: s.name,
        ...(s.title ? { title: s.title } : {}),
        rowCount: s.rowCount,
        columns: s.columns.slice(0, 40).map((c) => {
          const role = roles.get(c.name);
          const base = { name: c.name, type: c.type, role: role?.role, unit: role?.unit, nonEmpty: c.nonEmpty, distinct: c.distinct };
          // Statistics only where they mean something: measures (never codes, constants or coordinates).
          if (role?.role === 'measure') return { ...base, min: c.min, max: c.max, mean: c.mean };
          if (role?.role === 'time') return { ...base, from: c.minDate ?? c.min, to: c.maxDate ?? c.max };
          if (role?.role === 'constant') return { ...base, value: c.topValues[0]?.value };
          if (role?.role === 'category') return { ...base, top: c.topValues.slice(0, 5) };
          return base;
        }),
        ...(s.profile ? { profile: profileForPrompt(s.profile) } : {}),
      };
    });
  }
  if (content.document) {
    let budget = 8000;
    const paragraphs: string[] = [];
    for (const p of content.document.paragraphs) {
      if (budget <= 0) break;
      const t = truncate(p, Math.min(budget, 1200));
      paragraphs.push(t);
      budget -= t.length;
    }
    out.document = {
      title: content.document.title,
      headings: content.document.headings.slice(0, 40),
      paragraphs,
      characterCount: content.document.characterCount,
    };
  }
  if (content.image) out.image = content.image;
  if (content.warnings?.length) out.readingProblems = content.warnings;
  out.tagCandidates = ctx.tagCandidates.slice(0, 300);
  return out;
}

/**
 * Checks a model's answer strictly: every text field present and a string, tags an array of
 * strings. Over-long strings are cut and tags are kept only when among the candidates. Returns
 * the draft, or a reason for rejecting the answer.
 */
export function parseDraftAnswer(raw: string, ctx: GenerationContext, known?: number[]): BookDraft | string {
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the answer is not valid JSON';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'the answer is not a JSON object';
  const obj = value as Record<string, unknown>;
  const fields = {} as Record<(typeof DRAFT_TEXT_FIELDS)[number], string>;
  for (const key of DRAFT_TEXT_FIELDS) {
    if (typeof obj[key] !== 'string') return `"${key}" must be a string`;
    fields[key] = (obj[key] as string).trim();
  }
  if (!fields.title && !ctx.title?.trim()) return '"title" is empty';
  if (!fields.title) fields.title = ctx.title!.trim();
  if (!fields.summary) return '"summary" is empty';
  if (known) {
    const invented = unknownNumbers(
      DRAFT_TEXT_FIELDS.map((k) => fields[k]),
      [...known, ...collectNumbers([ctx.title ?? '', ctx.description ?? ''])],
    );
    if (invented.length) return `these numbers are not in the data: ${invented.slice(0, 5).join(', ')}`;
  }
  const tags = obj.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) return '"tags" must be an array of strings';
  return finalizeDraft(fields, filterTags(tags, ctx.tagCandidates), ctx.language, ctx.tagCandidates);
}

/**
 * Writes Books through any OpenAI-compatible chat-completions endpoint (JSON mode), through its
 * one LlmClient (which retries). The answer is validated strictly, and when the endpoint keeps
 * failing the fallback (local) generator writes the Book: `generate` never throws because of the
 * endpoint.
 */
export class LlmBookGenerator implements BookGenerator {
  readonly name: string;
  private readonly client: LlmClient;

  constructor(
    options: LlmClientOptions,
    private readonly fallback: BookGenerator,
  ) {
    this.name = `llm:${options.model}`;
    this.client = new LlmClient(options);
  }

  /**
   * Both languages in one request: the answer is {"ja": {...}, "en": {...}}, each checked like a
   * single draft. A language whose part is still invalid after the retries (or every language,
   * when the endpoint fails) is written by the fallback generator.
   */
  async generateBoth(content: ExtractedContent, ctx: BilingualContext): Promise<BilingualDraft> {
    const ctxOf = (language: ContentLanguage): GenerationContext => ({
      title: ctx.title,
      description: ctx.description,
      language,
      tagCandidates: ctx.tagCandidates[language],
    });
    const main = content.sheets?.length ? mainSheet(content.sheets) : undefined;
    const columnNames = main?.columns.slice(0, 40).map((c) => c.name) ?? [];
    const prompt = {
      ...contentForPrompt(content, ctxOf('ja')),
      ...(main ? { mainSheet: main.name } : {}),
      tagCandidates: { ja: ctx.tagCandidates.ja.slice(0, 300), en: ctx.tagCandidates.en.slice(0, 300) },
    };
    const question: [ChatMessage, ChatMessage] = [
      { role: 'system', content: bilingualPrompt() },
      { role: 'user', content: JSON.stringify(prompt) },
    ];
    const known = knownNumbers(content, ctxOf('ja'));
    // A language accepted in one answer stays accepted: later attempts only have to fix the other.
    const done: Partial<Record<ContentLanguage, BookDraft>> = {};
    let columnLabels: ColumnLabels | undefined;
    const check = (answer: string): string | undefined => {
      const problems: string[] = [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(
          answer
            .trim()
            .replace(/^```(?:json)?\s*/i, '')
            .replace(/\s*```$/, ''),
        );
      } catch {
        problems.push('the answer is not valid JSON');
      }
      if (parsed !== undefined) {
        if (!columnLabels && parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          columnLabels = parseColumnLabels((parsed as Record<string, unknown>).columns, columnNames);
        for (const language of LANGUAGES) {
          if (done[language]) continue;
          const part = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)[language] : undefined;
          if (!part || typeof part !== 'object') {
            problems.push(`"${language}" must be an object`);
            continue;
          }
          const draft = parseDraftAnswer(JSON.stringify(part), ctxOf(language), known);
          if (typeof draft === 'string') problems.push(`"${language}": ${draft}`);
          else done[language] = draft;
        }
      }
      return problems.length ? problems.join('; ') : undefined;
    };
    await this.client.ask(
      question,
      check,
      (problem) =>
        `That answer was rejected: ${problem}. Reply with the JSON object {"ja": {...}, "en": {...}} only, with exactly the required keys, citing only numbers from the summary.`,
    );
    // A model's draft without a tag takes the built-in generator's (every Book has a tag).
    for (const language of LANGUAGES) {
      const draft = done[language];
      if (draft && draft.tags.length === 0) draft.tags = (await this.fallback.generate(content, ctxOf(language))).tags;
    }
    return {
      ja: done.ja ?? (await this.fallback.generate(content, ctxOf('ja'))),
      en: done.en ?? (await this.fallback.generate(content, ctxOf('en'))),
      ...(columnLabels ? { columnLabels } : {}),
    };
  }

  async generate(content: ExtractedContent, ctx: GenerationContext): Promise<BookDraft> {
    const question: [ChatMessage, ChatMessage] = [
      { role: 'system', content: systemPrompt(ctx.language) },
      { role: 'user', content: JSON.stringify(contentForPrompt(content, ctx)) },
    ];
    const known = knownNumbers(content, ctx);
    let accepted: BookDraft | undefined;
    await this.client.ask(
      question,
      (answer) => {
        const draft = parseDraftAnswer(answer, ctx, known);
        if (typeof draft === 'string') return draft;
        accepted = draft;
        return undefined;
      },
      (problem) =>
        `That answer was rejected: ${problem}. Reply with the JSON object only, with exactly the required keys, citing only numbers from the summary.`,
    );
    return accepted ?? this.fallback.generate(content, ctx);
  }
}
