import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/auth/auth-user';
import { notFound } from '../common/http/id-param.pipe';
import { FileStorage } from './file-storage';

/** Public images (avatars, covers, post images) are served from /media/<key>, streamed from the storage driver. */
export const PUBLIC_MEDIA_PREFIXES = ['profiles/', 'covers/', 'posts/'];

@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(private readonly storage: FileStorage) {}

  @Get('*') // find-my-way's wildcard: the rest of the path, as one string
  @Public()
  async get(@Param('*') path: string, @Res() reply: FastifyReply): Promise<void> {
    if (!PUBLIC_MEDIA_PREFIXES.some((p) => path.startsWith(p))) throw notFound();
    let object;
    try {
      object = await this.storage.get(path);
    } catch {
      throw notFound();
    }
    if (!object) throw notFound();
    reply.header('Content-Type', object.contentType ?? 'application/octet-stream');
    if (object.size !== undefined) reply.header('Content-Length', String(object.size));
    // Keys are never reused (a new upload gets a new key), so images can be cached for good.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('X-Content-Type-Options', 'nosniff');
    // Public images may be shown by other sites' clients of this API.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    await reply.send(object.stream);
  }
}
