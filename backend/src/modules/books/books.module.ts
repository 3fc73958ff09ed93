import { Module, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';

@Module({ controllers: [BooksController], providers: [BooksService], exports: [BooksService] })
export class BooksModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly books: BooksService,
  ) {}

  onModuleInit(): void {
    this.jobs.define('page-views-prune', () => this.books.pruneViews(), { cron: '17 3 * * *', retryLimit: 1 });
  }
}
