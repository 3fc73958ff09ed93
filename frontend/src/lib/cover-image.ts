/**
 * A Book's cover on a phone: the same cover 640 px wide instead of 1200 (it is shown about 360 px
 * wide there). The API's `img` stays the cover's address; the phone's copy is found by the
 * server's convention (backend/src/storage/cover-variants.ts): `…/media/covers/<name>.jpg` →
 * `…/media/covers/<name>.w640.jpg`. Other addresses have no such copy.
 */
export const PHONE_COVER_WIDTH = 640;
/** Below MUI's `sm` breakpoint (600 px), as the theme's `down('sm')`. */
export const PHONE_MEDIA = '(max-width: 599.95px)';
export const WIDE_MEDIA = '(min-width: 600px)';

const COVER_URL = /^(.*\/media\/covers\/[A-Za-z0-9_-]+)\.jpg$/;

/** The cover's 640-px copy, or null when the address is not one of the server's covers. */
export function phoneCoverUrl(img: string | null | undefined): string | null {
  const match = img ? COVER_URL.exec(img) : null;
  return match ? `${match[1]}.w${PHONE_COVER_WIDTH}.jpg` : null;
}
