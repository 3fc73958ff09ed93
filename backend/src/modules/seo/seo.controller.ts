import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { Public } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/id-param.pipe';
import { SeoService } from './seo.service';

const SITEMAP_FILE = /^(books|users)-(\d{1,6})\.xml$/;
/** Crawlers come back for these often; an hour's cache spares the database, a day's staleness is fine while revalidating. */
const CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * /robots.txt, /sitemap.xml and /sitemaps/*.xml, outside the API prefix (bootstrap.ts). Not in the
 * API document: these are files of the site for crawlers, not operations of the API.
 */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('robots.txt')
  @Public()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', CACHE)
  robots(): string {
    return this.seo.robots();
  }

  @Get('sitemap.xml')
  @Public()
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', CACHE)
  index(): Promise<string> {
    return this.seo.index();
  }

  @Get('sitemaps/:file')
  @Public()
  sitemap(@Param('file') file: string, @Res() reply: FastifyReply): void {
    reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', CACHE);
    if (file === 'pages.xml') {
      reply.send(this.seo.pages());
      return;
    }
    const match = SITEMAP_FILE.exec(file);
    if (!match) throw notFound();
    reply.send(Readable.from(this.seo.objects(match[1] as 'books' | 'users', Number(match[2]))));
  }
}
