import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { MailModule } from '../mail/mail.module';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { SalesAnalytics } from './sales-analytics';

/**
 * Payments with Stripe: Book checkout, webhooks, reconciliation, Connect payouts and earnings.
 * Owns payment_checkouts, payment_events, payment_accounts and payment_sales.
 */
@Module({
  imports: [BooksModule, MailModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, SalesAnalytics],
  exports: [PaymentsService, SalesAnalytics],
})
export class PaymentsModule {}
