import type { PageHead } from './types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON for a <script> element: `<`, `>`, `&` and the line separators as \u escapes, so no text of a
 * Book ("</script>", "<!--") can end the element or open a comment; the JSON means the same.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's head as HTML for <head> (every text escaped). */
export function renderHeadTags(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`];
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}" />`);
  tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const a of head.alternates) tags.push(`<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`);
  for (const m of head.meta) {
    const key = m.property !== undefined ? `property="${escapeHtml(m.property)}"` : `name="${escapeHtml(m.name ?? '')}"`;
    tags.push(`<meta ${key} content="${escapeHtml(m.content)}" />`);
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n');
}
