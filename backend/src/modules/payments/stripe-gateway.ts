import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { DrfDetailError, Msg } from '../../common/http/drf-errors';
import { currentRequestOrigin } from '../../common/http/request-origin';
import type { PaymentSettingsResponse } from './dto/payments.dto';
import { stripeClient } from './stripe-client';

/**
 * Stripe as this site is configured to reach it, for every service of the payments module (and
 * the ads' checkout): whether payments are on, the client, and Stripe's failures as a clear answer.
 */
@Injectable()
export class StripeGateway {
  private readonly logger = new Logger('Payments');
  private readonly stripe?: Stripe;

  constructor(@Inject(APP_OPTIONS) private readonly options: AppOptions) {
    this.stripe = stripeClient(options.config.payments);
  }

  /** STRIPE_SECRET_KEY is set: the site sells. */
  get enabled(): boolean {
    return this.stripe !== undefined;
  }

  /** The client; payments off answers 400 (every Stripe-bound request starts here). */
  client(): Stripe {
    if (!this.stripe) throw new DrfDetailError(HttpStatus.BAD_REQUEST, Msg.paymentsOff);
    return this.stripe;
  }

  /** Stripe's own errors (down, refused) as a clear answer, not a 500. */
  async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      this.logger.warn({ err }, `Stripe ${what} failed`);
      throw new DrfDetailError(HttpStatus.BAD_GATEWAY, Msg.paymentProviderError);
    }
  }

  /** GET payment-settings/: whether payments are on, the platform's fee and the commercial-law notice's seller. */
  settings(): PaymentSettingsResponse {
    const { platformFeePercent, operator } = this.options.config.payments;
    return { enabled: this.enabled, platform_fee_percent: platformFeePercent, operator };
  }

  /** The site's own origin, where Stripe sends the browser back: PUBLIC_URL when set, else the request's. */
  ownOrigin(): string {
    const { publicUrlConfigured, publicUrl } = this.options.config;
    return publicUrlConfigured ? publicUrl : (currentRequestOrigin() ?? publicUrl);
  }
}
