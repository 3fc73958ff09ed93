import { truncate } from './text';
import { type BookDraft, type ContentLanguage } from './types';

/** Length limits of a Book's fields (characters). */
export const DRAFT_LIMITS = {
  title: 100,
  summary: 400,
  goodpoint: 400,
  badpoint: 400,
  point1: 200,
  point2: 200,
  point3: 200,
  point4: 200,
  point5: 200,
  answer: 400,
} as const;

export const DRAFT_TEXT_FIELDS = Object.keys(DRAFT_LIMITS) as Array<keyof typeof DRAFT_LIMITS>;

export const MAX_TAGS = 5;

/** Tags that are among the candidates (matched case- and width-insensitively, returned as the candidate is spelled), unique, ≤ 5. */
export function filterTags(tags: unknown[], candidates: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const c of candidates) {
    const key = c.normalize('NFKC').toLowerCase().trim();
    if (key && !byKey.has(key)) byKey.set(key, c);
  }
  const out: string[] = [];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const found = byKey.get(tag.normalize('NFKC').toLowerCase().trim().replace(/^#/, ''));
    if (found && !out.includes(found)) out.push(found);
    if (out.length >= MAX_TAGS) break;
  }
  return out;
}

/** Applies the field limits and the tag rule to a draft. */
export function finalizeDraft(fields: Record<keyof typeof DRAFT_LIMITS, string>, tags: string[], language: ContentLanguage, candidates: string[]): BookDraft {
  const out = {} as Record<keyof typeof DRAFT_LIMITS, string>;
  for (const key of DRAFT_TEXT_FIELDS) out[key] = truncate(fields[key].replace(/\s+/g, ' '), DRAFT_LIMITS[key]);
  return { ...out, tags: filterTags(tags, candidates), language };
}
