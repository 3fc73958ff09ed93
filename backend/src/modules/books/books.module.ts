import { Module, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { ProfilesModule } from '../profiles/profiles.module';
import { BookAnalytics } from './book-analytics';
import { BookPacker } from './book.packer';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';

@Module({ imports: [ProfilesModule], controllers: [BooksController], providers: [BooksService, BookPacker, BookAnalytics], exports: [BooksService, BookPacker, BookAnalytics] })
export class BooksModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly books: BooksService,
  ) {}

  onModuleInit(): void {
    this.jobs.define('page-views-prune', () => this.books.pruneViews(), { cron: '17 3 * * *', retryLimit: 1 });
  }
}
