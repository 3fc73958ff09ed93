import sharp from 'sharp';

/**
 * Narrower copies of a Book's cover, for phones (a 1200×630 cover is shown about 360×180 there).
 *
 * The convention (the API's `img` fields are unchanged; clients derive the address): the cover
 * `/media/covers/<name>.jpg` is, `w` pixels wide, `/media/covers/<name>.w<w>.jpg`, for the widths
 * in COVER_VARIANT_WIDTHS only. A variant is written beside the cover when the Book is generated;
 * for a cover stored before that (or a variant lost), the first request makes it from the cover
 * and stores it. Anything else (another width, no such cover, a variant of a variant) is a 404.
 */
export const COVER_VARIANT_WIDTHS: readonly number[] = [640];

const VARIANT_KEY = /^(covers\/[A-Za-z0-9_-]+)\.w([0-9]{1,5})\.jpg$/;
const COVER_KEY = /^covers\/[A-Za-z0-9_-]+\.jpg$/;

/** A cover's source is at most this large (ours are 1200×630 JPEGs of about 60 KB). */
export const MAX_COVER_BYTES = 10 * 1024 * 1024;

/** The storage key of a cover's variant `width` pixels wide, or null when the key is no cover of ours. */
export function coverVariantKey(coverKey: string, width: number): string | null {
  if (!COVER_KEY.test(coverKey) || !COVER_VARIANT_WIDTHS.includes(width)) return null;
  return `${coverKey.slice(0, -'.jpg'.length)}.w${width}.jpg`;
}

/**
 * For a variant's key: the cover it is made from and its width; null when the key names no
 * variant (then it is an ordinary media key); `unknown` for a variant of a width not offered.
 */
export function parseCoverVariantKey(key: string): { coverKey: string; width: number } | 'unknown' | null {
  const match = VARIANT_KEY.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  if (!COVER_VARIANT_WIDTHS.includes(width)) return 'unknown';
  return { coverKey: `${match[1]}.jpg`, width };
}

/** The cover `width` pixels wide (never wider than it is), as a JPEG without metadata. */
export async function renderCoverVariant(cover: Buffer, width: number): Promise<Buffer> {
  return sharp(cover, { limitInputPixels: 25_000_000 }).resize({ width, withoutEnlargement: true }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
