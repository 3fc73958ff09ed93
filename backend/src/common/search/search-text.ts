/**
 * Word-level search for Japanese and English without pg_bigm: text is cut into words with
 * Intl.Segmenter (ICU dictionary for Japanese), stored space-joined in a `search_text` column
 * whose generated `tsvector` is GIN-indexed, and queries are cut the same way. Two-character
 * Japanese words (保険, 人口) then hit the index like any other word.
 */
const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });

const MAX_DOCUMENT_WORDS = 2000;

export function searchWords(text: string): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const words: string[] = [];
  for (const part of segmenter.segment(normalized)) {
    if (!part.isWordLike) continue;
    const word = part.segment.trim();
    if (word) words.push(word);
  }
  return words;
}

/** The value stored in a `search_text` column. */
export function searchDocument(...texts: Array<string | null | undefined>): string {
  const seen = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of searchWords(text)) {
      if (seen.size >= MAX_DOCUMENT_WORDS) break;
      seen.add(word);
    }
  }
  return [...seen].join(' ');
}

const quote = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A `to_tsquery('simple', …)` argument matching every word of the query, each also as a
 * prefix (so a half-typed word still finds), or null when the query has no words.
 */
export function searchQuery(query: string): string | null {
  const words = [...new Set(searchWords(query))].slice(0, 16);
  if (words.length === 0) return null;
  return words.map((w) => `${quote(w)}:*`).join(' & ');
}
