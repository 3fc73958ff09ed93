import { Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { BooksModule } from '../books/books.module';
import { PaymentsModule } from '../payments/payments.module';
import { TagsModule } from '../tags/tags.module';
import { AdProfileGuard } from './ad-profile.guard';
import { AdsController } from './ads.controller';
import { AdsService } from './ads.service';

/**
 * Paid ads: creation, payment (through the payments module's checkout and its one webhook),
 * serving with server-side impression counting, clicks through single-use offers, and the
 * advertiser's figures. Owns ads, ad_offers, ad_clicks and ad_refusals; tag ids are checked by the
 * tags module (which owns them).
 */
@Module({
  imports: [
    BooksModule,
    PaymentsModule,
    TagsModule,
    MultipartModule.registerAsync({
      inject: [APP_OPTIONS],
      useFactory: ({ config }: AppOptions) => ({ limits: { fileSize: config.imageMaxBytes, files: 1, fields: 150 } }),
    }),
  ],
  controllers: [AdsController],
  providers: [AdsService, AdProfileGuard],
  exports: [AdsService],
})
export class AdsModule {}
