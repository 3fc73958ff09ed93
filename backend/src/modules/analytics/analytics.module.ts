import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { PaymentsModule } from '../payments/payments.module';
import { PostsModule } from '../posts/posts.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** /analytics: owns no table; asks the books, posts and payments modules for their figures. */
@Module({ imports: [BooksModule, PostsModule, PaymentsModule], controllers: [AnalyticsController], providers: [AnalyticsService] })
export class AnalyticsModule {}
