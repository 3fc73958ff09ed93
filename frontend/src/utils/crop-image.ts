export type PixelArea = { x: number; y: number; width: number; height: number };

export const AVATAR_SIZE = 400;
export const AVATAR_MAX_BYTES = 204800;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be read'));
    image.src = src;
  });
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas could not be encoded'))), 'image/jpeg', quality);
  });
}

/**
 * Crops `area` of the image into a `width`×`height` JPEG no larger than `maxBytes`, trying
 * quality 0.9 and then 0.1 lower each time down to 0.1. Returns the smallest try when none fits.
 */
export async function cropToJpeg(src: string, area: PixelArea, width: number, height: number, maxBytes: number): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  let smallest: Blob | null = null;
  for (let step = 9; step >= 1; step -= 1) {
    const blob = await toJpeg(canvas, step / 10);
    if (blob.size <= maxBytes) return blob;
    if (!smallest || blob.size < smallest.size) smallest = blob;
  }
  if (!smallest) throw new Error('image could not be compressed');
  return smallest;
}

/** A File named after the original, with a .jpg extension. */
export function jpegFile(blob: Blob, originalName: string): File {
  const base = originalName.replace(/\.[^.]*$/, '').replace(/\s+/g, '_') || 'image';
  return new File([blob], `${base}.jpg`, { type: 'image/jpeg' });
}

/**
 * Whether the browser can draw `file` as a picture: an empty or broken file cannot (the crop
 * dialog would show a black box). Without createImageBitmap (the tests' DOM) it is taken as readable.
 */
export async function isReadableImage(file: Blob): Promise<boolean> {
  if (file.size === 0) return false;
  if (typeof globalThis.createImageBitmap !== 'function') return true;
  try {
    const bitmap = await globalThis.createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}
