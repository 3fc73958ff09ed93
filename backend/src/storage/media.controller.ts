import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Public } from '../common/auth/auth-user';
import { notFound } from '../common/http/id-param.pipe';
import { FileStorage } from './file-storage';

/** Public images (avatars, covers, post images) are served from /media/<key>, streamed from the storage driver. */
export const PUBLIC_MEDIA_PREFIXES = ['profiles/', 'covers/', 'posts/'];

@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(private readonly storage: FileStorage) {}

  @Get('*key')
  @Public()
  async get(@Param('key') key: string | string[], @Res() res: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    if (!PUBLIC_MEDIA_PREFIXES.some((p) => path.startsWith(p))) throw notFound();
    let object;
    try {
      object = await this.storage.get(path);
    } catch {
      throw notFound();
    }
    if (!object) throw notFound();
    res.setHeader('Content-Type', object.contentType ?? 'application/octet-stream');
    if (object.size !== undefined) res.setHeader('Content-Length', String(object.size));
    // Keys are never reused (a new upload gets a new key), so images can be cached for good.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Public images may be shown by other sites' clients of this API.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    await pipeline(object.stream, res);
  }
}
