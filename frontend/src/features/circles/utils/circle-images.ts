import { cropToJpeg, jpegFile } from '@/utils/crop-image';

/** The circle icon: a centred square, 400×400 JPEG, at most 614400 bytes (quality 0.9 down to 0.1). */
export const CIRCLE_IMAGE_SIZE = 400;
export const CIRCLE_IMAGE_MAX_BYTES = 614400;
/** Bundled default covers (public/circle-backgrounds, made by scripts/generate-circle-backgrounds.mjs). */
export const BACKGROUND_COUNT = 59;

export function backgroundUrl(index: number): string {
  return `/circle-backgrounds/bg-${String(index).padStart(2, '0')}.png`;
}

/** One of the 59 default covers, at random (1-based index). */
export function randomBackgroundIndex(random: () => number = Math.random): number {
  return Math.min(BACKGROUND_COUNT, Math.floor(random() * BACKGROUND_COUNT) + 1);
}

/** The picture's size; null where the browser cannot decode pictures (the tests' DOM). */
async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof globalThis.createImageBitmap !== 'function') return null;
  const bitmap = await globalThis.createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** The largest centred square of a width×height picture. */
export function centredSquare(width: number, height: number) {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), width: side, height: side };
}

/** The picked picture as the circle icon; the original file when the browser cannot redraw it. */
export async function circleIcon(file: File): Promise<File> {
  const size = await imageSize(file).catch(() => null);
  if (!size) return file;
  const { width, height } = size;
  const url = URL.createObjectURL(file);
  try {
    const blob = await cropToJpeg(url, centredSquare(width, height), CIRCLE_IMAGE_SIZE, CIRCLE_IMAGE_SIZE, CIRCLE_IMAGE_MAX_BYTES);
    return jpegFile(blob, file.name);
  } catch (error) {
    console.warn('circle icon crop failed; the original file is used', error);
    return file;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The cover file of default `index`, fetched from the app's own files. */
export async function backgroundFile(index: number): Promise<File | undefined> {
  try {
    const response = await fetch(new URL(backgroundUrl(index), globalThis.location.href).href);
    if (!response.ok) return undefined;
    const blob = await response.blob();
    return new File([blob], `bg-${String(index).padStart(2, '0')}.png`, { type: 'image/png' });
  } catch {
    return undefined;
  }
}
