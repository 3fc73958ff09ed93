import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

/** What crawlers read besides the pages: robots.txt and the sitemaps. Reads Books and people through their modules. */
@Module({ imports: [BooksModule, ProfilesModule], controllers: [SeoController], providers: [SeoService] })
export class SeoModule {}
