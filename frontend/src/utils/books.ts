import type { ParseKeys } from 'i18next';

/** Price tiers in yen, in the spec's order; only own data may be sold. */
export const PRICE_TIERS = [
  { price: 0, label: 'books.tierFree' },
  { price: 800, label: 'books.tierNotBad' },
  { price: 3000, label: 'books.tierGood' },
  { price: 9800, label: 'books.tierAmazing' },
  { price: 40000, label: 'books.tierGreat' },
  { price: 250000, label: 'books.tierPremium' },
] as const satisfies readonly { price: number; label: ParseKeys }[];

export type BookPrice = (typeof PRICE_TIERS)[number]['price'];

export const CARD_TITLE_SHORT = 15;
export const CARD_TITLE_LONG = 25;
export const SUMMARY_LENGTH = 30;
export const FILE_BUTTON_LENGTH = 15;
export const RELATED_BOOKS = 5;
export const FOLLOWED_BOOKS_IN_PANEL = 3;
export const HOME_TILES = 8;
export const LAST_UPLOADS = 3;
/** The server's default UPLOAD_MAX_BYTES: 50 MB. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_LABEL = '50 MB';

export const UPLOAD_TITLE_MAX = 100;
export const UPLOAD_POLL_MS = 2000;

/** Accepted data files (checked again by content on the server). */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.csv,.xlsx,.xls,.docx,.doc';

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

export function formatYen(amount: number): string {
  return yen.format(amount);
}

/** Cuts a text to `max` characters (not UTF-16 units) and marks the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** The server replaces whitespace in file names with underscores; show the name it will keep. */
export function storedFileName(name: string): string {
  return name.replace(/\s+/g, '_');
}

/** The numbered points of a Book, without the empty ones. */
export function pointsOf(book: { point1: string; point2: string; point3: string; point4: string; point5: string }): string[] {
  return [book.point1, book.point2, book.point3, book.point4, book.point5].filter((point) => point.trim() !== '');
}

export function isGenerating(status: string): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * Tag chips show about 4 characters of long names (spec: 4 of names of 7 or more), cut by CSS so
 * that the whole name stays the chip's text and its accessible name (WCAG 2.5.3 label in name).
 */
export const TAG_CHIP_SX = { maxWidth: '100%', '& .MuiChip-label': { maxWidth: '8em' } } as const;

/** Tag chips show 4 characters of names of 7 or more. */
export function chipLabel(name: string): string {
  return Array.from(name).length >= 7 ? truncate(name, 4) : name;
}
