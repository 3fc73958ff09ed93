import { Controller, Get, Param, Res } from '@nestjs/common';
import { LegacyRouteConverter } from '@nestjs/core/internal';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/auth/auth-user';
import { notFound } from '../common/http/id-param.pipe';
import { FileStorage } from './file-storage';

/** Public images (avatars, covers, post images) are served from /media/<key>, streamed from the storage driver. */
export const PUBLIC_MEDIA_PREFIXES = ['profiles/', 'covers/', 'posts/', 'circles/'];

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
