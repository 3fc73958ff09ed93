import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { charLength, cleanText } from './text';
import { SheetAccumulator } from './column-stats';
import { type DocumentSummary, type SheetSummary } from './types';

const MAX_PARAGRAPHS = 50;
const MAX_HEADINGS = 50;
const MAX_PARAGRAPH_CHARS = 2000;

export interface WordResult {
  document: DocumentSummary;
  /** All text (title, headings, paragraphs) for keywords and language detection. */
  fullText: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

const htmlText = (html: string) => cleanText(decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')));

/** Word styles beyond mammoth's defaults: the Title style, and lower-case built-in heading names. */
const STYLE_MAP = [
  "p[style-name='Title'] => h1.doc-title:fresh",
  "p[style-name='title'] => h1.doc-title:fresh",
  "p[style-name='Subtitle'] => h2:fresh",
  ...[1, 2, 3, 4, 5, 6].map((n) => `p[style-name='heading ${n}'] => h${n}:fresh`),
];

function summarise(blocks: Array<{ heading: boolean; title?: boolean; text: string }>): WordResult {
  let title: string | undefined;
  const headings: string[] = [];
  const paragraphs: string[] = [];
  const all: string[] = [];
  let characterCount = 0;
  for (const [i, block] of blocks.entries()) {
    if (!block.text) continue;
    characterCount += charLength(block.text);
    if (all.length < 20_000) all.push(block.text);
    if (block.title && !title) title = block.text.slice(0, 200);
    else if (block.heading) {
      if (!title && i === 0) title = block.text.slice(0, 200);
      else if (headings.length < MAX_HEADINGS) headings.push(block.text.slice(0, 200));
    } else if (paragraphs.length < MAX_PARAGRAPHS) paragraphs.push(block.text.slice(0, MAX_PARAGRAPH_CHARS));
  }
  return { document: { ...(title ? { title } : {}), headings, paragraphs, characterCount }, fullText: all.join('\n') };
}

/** DOCX through mammoth's HTML conversion (headings come from the paragraph styles). */
const MAX_TABLES = 10;

/** The tables of mammoth's HTML, each summarised like a sheet (header row, roles, profile). */
function htmlTables(html: string, title: string): SheetSummary[] {
  const tables: SheetSummary[] = [];
  for (const [i, m] of [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/gi)].slice(0, MAX_TABLES).entries()) {
    const sheet = new SheetAccumulator(`Table ${i + 1}`, title);
    for (const row of m[1].matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
      sheet.addRow([...row[1].matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((c) => htmlText(c[1])));
    }
    const summary = sheet.summary();
    if (summary.rowCount > 0) tables.push(summary);
  }
  return tables;
}

export async function extractDocx(buffer: Buffer): Promise<WordResult> {
  const result = await mammoth.convertToHtml(
    { buffer },
    { styleMap: STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })), ignoreEmptyParagraphs: true },
  );
  const blocks: Array<{ heading: boolean; title?: boolean; text: string }> = [];
  // Tables are read as tables; their cells are not sentences of the text.
  const tableTitle = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(result.value)?.[1] ?? '';
  const tables = htmlTables(result.value, htmlText(tableTitle));
  const html = result.value.replace(/<table[^>]*>[\s\S]*?<\/table>/gi, ' ');
  const pattern = /<(h[1-6]|p|li)(\s[^>]*)?>([\s\S]*?)<\/\1>/gi;
  for (const m of html.matchAll(pattern)) {
    const tag = m[1].toLowerCase();
    const text = htmlText(m[3]);
    if (!text) continue;
    blocks.push({ heading: tag.startsWith('h'), title: tag === 'h1' && /doc-title/.test(m[2] ?? ''), text });
  }
  const out = summarise(blocks);
  if (tables.length) out.document.tables = tables;
  return out;
}

/** Legacy .doc through word-extractor; headings are guessed from short unpunctuated lines. */
export async function extractDoc(buffer: Buffer): Promise<WordResult> {
  const doc = await new WordExtractor().extract(buffer);
  const lines = doc
    .getBody()
    .split(/\r?\n/)
    .map((l) => cleanText(l))
    .filter((l) => l !== '');
  const blocks = lines.map((text, i) => {
    const short = charLength(text) <= 60 && !/[。．.!?！？:：;；、,]$/.test(text);
    const nextIsLonger = i + 1 < lines.length && charLength(lines[i + 1]) > charLength(text);
    return { heading: short && nextIsLonger, text };
  });
  return summarise(blocks);
}
