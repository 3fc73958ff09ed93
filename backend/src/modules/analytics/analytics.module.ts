import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { PostsModule } from '../posts/posts.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** /analytics: owns no table; asks the books and posts modules for their figures. */
@Module({ imports: [BooksModule, PostsModule], controllers: [AnalyticsController], providers: [AnalyticsService] })
export class AnalyticsModule {}
