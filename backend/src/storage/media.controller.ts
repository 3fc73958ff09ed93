import type { Readable } from 'node:stream';
import { Controller, Get, Logger, Param, Res } from '@nestjs/common';
import { LegacyRouteConverter } from '@nestjs/core/internal';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/auth/auth-user';
import { notFound } from '../common/http/id-param.pipe';
import { MAX_COVER_BYTES, parseCoverVariantKey, renderCoverVariant } from './cover-variants';
import { FileStorage, type StoredObject } from './file-storage';

/**
 * Public images (avatars, covers, post images, ad images) are served from /media/<key>, streamed from the
 * storage driver; a cover's narrower copies (`covers/<name>.w640.jpg`) too, made at their first
 * request when missing (cover-variants.ts).
 */
export const PUBLIC_MEDIA_PREFIXES = ['profiles/', 'covers/', 'posts/', 'circles/', 'ads/'];

/**
 * The route below is find-my-way's wildcard '*' (Fastify's router takes nothing else at the end
 * of a path: '*path' or '{*path}' are refused there). Nest also reads the controllers' paths with
 * path-to-regexp to place the request logger, converts '/media/*' to '/media/{*path}' for that,
 * which is exactly right, and said so at every start with a warning ("Unsupported route
 * path", twice per process). Only that one warning is left out; any other route's still shows.
 */
const MEDIA_ROUTE = '/media/*';
const printWarning = LegacyRouteConverter.printWarning.bind(LegacyRouteConverter);
LegacyRouteConverter.printWarning = (route: string, convertedRoute?: string) => {
  if (route !== MEDIA_ROUTE) printWarning(route, convertedRoute);
};

@ApiExcludeController()
@Controller('media')
export class MediaController {
  private readonly logger = new Logger(MediaController.name);
  /** Cover variants being made, by key: two requests for the same one make it once. */
  private readonly making = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly storage: FileStorage) {}

  @Get('*') // find-my-way's wildcard: the rest of the path, as one string
  @Public()
  async get(@Param('*') path: string, @Res() reply: FastifyReply): Promise<void> {
    if (!PUBLIC_MEDIA_PREFIXES.some((p) => path.startsWith(p))) throw notFound();
    // A cover's narrower copy (cover-variants.ts): only the widths offered, only of our covers.
    const variant = parseCoverVariantKey(path);
    if (variant === 'unknown') throw notFound();
    const object = await this.find(path);
    if (object) {
      this.cacheHeaders(reply, object.contentType ?? 'application/octet-stream', object.size);
      await reply.send(object.stream);
      return;
    }
    if (!variant) throw notFound();
    const made = await this.makeVariant(path, variant.coverKey, variant.width);
    if (!made) throw notFound();
    this.cacheHeaders(reply, 'image/jpeg', made.length);
    await reply.send(made);
  }

  private async find(key: string): Promise<StoredObject | null> {
    try {
      return await this.storage.get(key);
    } catch {
      return null;
    }
  }

  private cacheHeaders(reply: FastifyReply, contentType: string, size: number | undefined): void {
    reply.header('Content-Type', contentType);
    if (size !== undefined) reply.header('Content-Length', String(size));
    // Keys are never reused (a new upload gets a new key), so images can be cached for good.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('X-Content-Type-Options', 'nosniff');
    // Public images may be shown by other sites' clients of this API.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  }

  /** Makes a cover's variant from the cover and stores it; null when there is no such cover (or it is no image). */
  private makeVariant(key: string, coverKey: string, width: number): Promise<Buffer | null> {
    let making = this.making.get(key);
    if (!making) {
      making = this.renderAndStore(key, coverKey, width).finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
  }

  private async renderAndStore(key: string, coverKey: string, width: number): Promise<Buffer | null> {
    const cover = await this.find(coverKey);
    if (!cover) return null;
    const bytes = await readAtMost(cover.stream, MAX_COVER_BYTES);
    if (!bytes) return null;
    let variant: Buffer;
    try {
      variant = await renderCoverVariant(bytes, width);
    } catch {
      return null;
    }
    // Served even when it cannot be stored (the next request makes it again).
    await this.storage.put(key, variant, 'image/jpeg').catch((err: unknown) => this.logger.warn({ key, err: String(err) }, 'Cover variant not stored'));
    return variant;
  }
}

/** The stream's bytes, or null when it is longer than `limit` (or fails). */
async function readAtMost(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      if (total > limit) {
        stream.destroy();
        return null;
      }
      chunks.push(buffer);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}
