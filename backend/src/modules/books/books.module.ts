import { Module, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { ProfilesModule } from '../profiles/profiles.module';
import { BookAccess } from './book-access.service';
import { BookAccountDeletion } from './book-account-deletion.service';
import { BookAnalytics } from './book-analytics';
import { BookCounters } from './book-counters.service';
import { BookCreation } from './book-creation.service';
import { BookFollows } from './book-follows.service';
import { BookLists } from './book-lists.service';
import { BookOwnership } from './book-ownership.service';
import { BookReads } from './book-reads.service';
import { BookSitemap } from './book-sitemap.service';
import { BookSql } from './book-sql';
import { BookViews } from './book-views.service';
import { BookPacker } from './book.packer';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';

@Module({
  imports: [ProfilesModule],
  controllers: [BooksController],
  providers: [
    BookAccess,
    BookSql,
    BookPacker,
    BookCounters,
    BookOwnership,
    BookReads,
    BookLists,
    BookFollows,
    BookViews,
    BookCreation,
    BookAccountDeletion,
    BookSitemap,
    BookAnalytics,
    BooksService,
  ],
  // BooksService for the other modules; BookReads and BookSitemap for the tags and seo modules, the readers of Books' facts.
  exports: [BooksService, BookPacker, BookAnalytics, BookReads, BookSitemap],
})
export class BooksModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly views: BookViews,
  ) {}

  onModuleInit(): void {
    this.jobs.define('page-views-prune', () => this.views.pruneViews(), { cron: '17 3 * * *', retryLimit: 1 });
  }
}
