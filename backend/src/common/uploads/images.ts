import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DrfValidationError, Msg } from '../http/drf-errors';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export const INVALID_IMAGE = Msg.invalidImage;

/**
 * Checks an uploaded image by its content (not its name or declared type), then re-encodes it
 * as JPEG: that drops metadata such as GPS position and anything smuggled after the image data.
 */
export async function normalizeImage(field: string, file: UploadedMultipartFile, maxSide = 1600): Promise<Buffer> {
  if (!file.buffer) throw DrfValidationError.field(field, INVALID_IMAGE); // images are kept in memory (the default storage)
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw DrfValidationError.field(field, INVALID_IMAGE);
  try {
    return await sharp(file.buffer, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw DrfValidationError.field(field, INVALID_IMAGE);
  }
}
