import { Module, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';

@Module({ controllers: [PagesController], providers: [PagesService], exports: [PagesService] })
export class PagesModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly pages: PagesService,
  ) {}

  onModuleInit(): void {
    this.jobs.define('page-views-prune', () => this.pages.pruneViews(), { cron: '17 3 * * *', retryLimit: 1 });
  }
}
