import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { MailModule } from '../mail/mail.module';
import { BookPurchases } from './book-purchases';
import { CheckoutFulfilment } from './checkout-fulfilment';
import { CheckoutSessions } from './checkout-sessions';
import { Earnings } from './earnings';
import { KonbiniReminders } from './konbini-reminders';
import { PaymentsController } from './payments.controller';
import { PaymentsOfDeletedAccounts } from './payments-of-deleted-accounts';
import { Payouts } from './payouts';
import { SalesAnalytics } from './sales-analytics';
import { StripeEvents } from './stripe-events';
import { StripeGateway } from './stripe-gateway';

/**
 * Payments with Stripe: Book checkout, webhooks, reconciliation, Connect payouts and earnings.
 * Owns payment_checkouts, payment_events, payment_accounts and payment_sales. Ownership itself is
 * the Books module's (granted through `grantOwnership`).
 *
 * One service per job: StripeGateway (the configured client), CheckoutSessions (the one Checkout
 * builder, for Books and ads), CheckoutFulfilment (the one fulfilment, under the checkout row's
 * lock, handing each kind to its fulfiller), BookPurchases (a Book's checkout, its fulfiller and
 * refunds), StripeEvents (webhooks and reconciliation), Payouts (Connect accounts, held sales;
 * PayoutAccountOwner), Earnings, KonbiniReminders, PaymentsOfDeletedAccounts and SalesAnalytics
 * (/analytics' part). Ads use the gateway, the builder and the fulfilment.
 */
@Module({
  imports: [BooksModule, MailModule],
  controllers: [PaymentsController],
  providers: [
    StripeGateway,
    CheckoutSessions,
    CheckoutFulfilment,
    BookPurchases,
    StripeEvents,
    Payouts,
    Earnings,
    KonbiniReminders,
    PaymentsOfDeletedAccounts,
    SalesAnalytics,
  ],
  exports: [StripeGateway, CheckoutSessions, CheckoutFulfilment, SalesAnalytics],
})
export class PaymentsModule {}
