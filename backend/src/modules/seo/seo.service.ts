import { Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { mediaOrigin } from '../../storage/media-url';
import { BookSitemap } from '../books/book-sitemap.service';
import { ProfilesService } from '../profiles/profiles.service';
import { bookPath, DISALLOWED_PATHS, PUBLIC_STATIC_PATHS, userPath } from './seo-paths';
import { OBJECTS_PER_SITEMAP, sitemapIndex, URLSET_CLOSE, URLSET_OPEN, urlEntries } from './sitemap-xml';

/** Rows read from the database per statement while a sitemap file is written. */
const ROWS_PER_READ = 1000;

export type SitemapKind = 'books' | 'users';

/**
 * robots.txt and the sitemaps. A sitemap file covers one block of ids (books-0.xml: Books 1 to
 * 25,000; two addresses each, so at most 50,000 URLs) and is written as it is read, 1,000 rows a
 * statement by keyset on the id: no request holds all rows, and a file's content does not shift
 * when an earlier object goes. The index lists the blocks that hold something.
 */
@Injectable()
export class SeoService {
  constructor(
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly books: BookSitemap,
    private readonly profiles: ProfilesService,
  ) {}

  /** The site's public origin: PUBLIC_URL when set, else the request's (as image URLs). */
  origin(): string {
    return mediaOrigin(this.options.config);
  }

  robots(): string {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${this.origin()}/sitemap.xml`, ''];
    return lines.join('\n');
  }

  async index(): Promise<string> {
    const origin = this.origin();
    const [books, users] = await Promise.all([this.books.blocks(OBJECTS_PER_SITEMAP), this.profiles.sitemapUserBlocks(OBJECTS_PER_SITEMAP)]);
    return sitemapIndex([
      { loc: `${origin}/sitemaps/pages.xml` },
      ...books.map((b) => ({ loc: `${origin}/sitemaps/books-${b.block}.xml`, lastmod: b.lastmod })),
      ...users.map((block) => ({ loc: `${origin}/sitemaps/users-${block}.xml` })),
    ]);
  }

  /** The public screens without data of their own. */
  pages(): string {
    const origin = this.origin();
    return URLSET_OPEN + PUBLIC_STATIC_PATHS.map((p) => urlEntries(origin, p)).join('') + URLSET_CLOSE;
  }

  /**
   * One block's sitemap, piece by piece (the origin is read now, inside the request). Books carry
   * `lastmod` (made, or a file added); people none: a profile keeps no time of its last change.
   */
  objects(kind: SitemapKind, block: number): AsyncGenerator<string> {
    return this.write(kind, block, this.origin());
  }

  private async *write(kind: SitemapKind, block: number, origin: string): AsyncGenerator<string> {
    const first = block * OBJECTS_PER_SITEMAP;
    const last = first + OBJECTS_PER_SITEMAP;
    yield URLSET_OPEN;
    let after = first;
    for (;;) {
      if (kind === 'books') {
        const rows = await this.books.rows(after, last, ROWS_PER_READ);
        if (rows.length) yield rows.map((r) => urlEntries(origin, bookPath(r.id), r.lastmod)).join('');
        if (rows.length < ROWS_PER_READ) break;
        after = rows[rows.length - 1].id;
      } else {
        const ids = await this.profiles.sitemapUserIds(after, last, ROWS_PER_READ);
        if (ids.length) yield ids.map((id) => urlEntries(origin, userPath(id))).join('');
        if (ids.length < ROWS_PER_READ) break;
        after = ids[ids.length - 1];
      }
    }
    yield URLSET_CLOSE;
  }
}
