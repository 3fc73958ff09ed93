/**
 * Checks that the numbers a model writes exist in the data it was given (allowing for rounding
 * and the usual ways of writing them), so a Book never carries an invented figure.
 */

const NUMBER = /[-+−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+−]?\d+(?:\.\d+)?/g;

/** Numbers written in a text (full-width digits and grouping commas understood). */
export function numbersIn(text: string): Array<{ text: string; value: number; decimals: number }> {
  const normal = text.normalize('NFKC');
  const out: Array<{ text: string; value: number; decimals: number }> = [];
  for (const m of normal.matchAll(NUMBER)) {
    const raw = m[0].replace(/−/g, '-').replace(/,/g, '');
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    out.push({ text: m[0], value, decimals: raw.includes('.') ? raw.split('.')[1].length : 0 });
  }
  return out;
}

/** Every number in a value (a profile, column statistics, text excerpts …), walked recursively. */
export function collectNumbers(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) into.push(value);
  } else if (typeof value === 'string') {
    for (const n of numbersIn(value)) into.push(n.value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectNumbers(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collectNumbers(v, into);
  }
  return into;
}

function matches(cited: { value: number; decimals: number }, known: number): boolean {
  const x = cited.value;
  for (const k of [known, -known]) {
    if (x === k) return true;
    // Written with fewer decimals (10.51 → 10.5, 1.18 → 1.2, 24,870,895 → 24,870,895.0 …).
    const factor = 10 ** cited.decimals;
    if (Math.round(k * factor) / factor === x) return true;
    // Rounded to a round figure (3,706,227 → 3,700,000; 1,648,000 → 1,650,000).
    if (Math.abs(k) >= 1000 && cited.decimals === 0 && x % 100 === 0 && Math.abs(x - k) <= Math.abs(k) * 0.01) return true;
  }
  return false;
}

/**
 * The numbers of `texts` that appear nowhere in `known` (small counts ≤ 12 are always allowed:
 * "five points", "3 sheets", 令和5年度).
 */
export function unknownNumbers(texts: string[], known: number[]): string[] {
  const bad: string[] = [];
  const set = [...new Set(known.filter((k) => Number.isFinite(k)))];
  for (const text of texts) {
    for (const n of numbersIn(text)) {
      if (Math.abs(n.value) <= 12 && Number.isInteger(n.value)) continue;
      if (!set.some((k) => matches(n, k))) bad.push(n.text);
    }
  }
  return [...new Set(bad)];
}
