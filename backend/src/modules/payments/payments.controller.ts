import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { parseId } from '../../common/http/paging';
import {
  CheckoutStatusDto,
  CheckoutStatusResponse,
  ConnectAccountDto,
  CreateCheckoutDto,
  EarningsResponse,
  GoToResponse,
  PaymentSettingsResponse,
  PendingCheckoutResponse,
  ShopIdResponse,
  UrlResponse,
  WebhookResponse,
} from './dto/payments.dto';
import { BookPurchases } from './book-purchases';
import { CheckoutFulfilment } from './checkout-fulfilment';
import { Earnings } from './earnings';
import { Payouts } from './payouts';
import { StripeEvents } from './stripe-events';
import { StripeGateway } from './stripe-gateway';

const ApiProviderError = () => ApiBadGatewayResponse({ description: 'Stripe did not answer or refused the call.', type: DetailResponse });

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly bookPurchases: BookPurchases,
    private readonly fulfilment: CheckoutFulfilment,
    private readonly stripeEvents: StripeEvents,
    private readonly payouts: Payouts,
    private readonly earningsOf: Earnings,
  ) {}

  @Get('payment-settings')
  @Public()
  @ApiOperation({ operationId: 'paymentSettings', summary: 'Whether payments are on, the platform fee, and the seller details of the commercial-law notice' })
  @ApiOkResponse({ type: PaymentSettingsResponse })
  settings(): PaymentSettingsResponse {
    return this.gateway.settings();
  }

  @Post('create-checkout-session')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'createCheckoutSession',
    summary: 'Start buying a paid Book: a Stripe Checkout Session (JPY, card or konbini)',
    description:
      "Refused (400) when payments are off, for a free Book (claim it through owningpage/), for your own Book, for a Book you own and while your konbini voucher for it waits to be paid (pending-checkout/). `SITE_URL` must be the site's own origin. A new session expires your open one for the same Book at Stripe; if two are paid anyway, the second is refunded. Ownership comes only from the webhook (or the success page asking, see checkout-session-status/).",
  })
  @ApiCreatedResponse({ type: GoToResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  @ApiProviderError()
  async checkout(@CurrentUser() viewer: AuthUser, @Body() dto: CreateCheckoutDto): Promise<GoToResponse> {
    return { goTo: await this.bookPurchases.createBookCheckout(viewer, dto.SITE_URL, dto.pageId) };
  }

  @Post('stripe-webhook')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'stripeWebhook',
    summary: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET)',
    description:
      "The signature is checked over the raw body; a bad or stale signature, or a signed event not shaped as Stripe's (no `data.object`, a type or id that is not a short string), answers 400 and changes nothing. Each event id is handled once. Events the app does not act on, and those about a session or account the site does not know, are acknowledged (200) and stored nowhere.",
  })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiBadRequestResponse({ description: 'Bad or missing signature, or a malformed event.', type: DetailResponse })
  @ApiProviderError()
  async webhook(@Req() req: FastifyRequest & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string): Promise<WebhookResponse> {
    await this.stripeEvents.webhook(req.rawBody, signature);
    return { received: true };
  }

  @Post('checkout-session-status')
  @ApiSecurity('token')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'checkoutSessionStatus',
    summary: "The success page asks about the buyer's own Checkout Session (fulfilled now if Stripe says it is paid and the webhook is late)",
  })
  @ApiOkResponse({ type: CheckoutStatusResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  @ApiProviderError()
  status(@CurrentUser() viewer: AuthUser, @Body() dto: CheckoutStatusDto): Promise<CheckoutStatusResponse> {
    return this.fulfilment.checkoutStatus(viewer, dto.session_id);
  }

  @Get('pending-checkout')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'pendingCheckout', summary: 'Whether your konbini voucher for a Book waits to be paid, until when, and its link' })
  @ApiQuery({ name: 'pageId', type: Number, required: true })
  @ApiOkResponse({ type: PendingCheckoutResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  pending(@CurrentUser() viewer: AuthUser, @Query('pageId') pageId?: string): Promise<PendingCheckoutResponse> {
    return this.bookPurchases.pendingCheckout(viewer, parseId(pageId, 'pageId'));
  }

  @Post('create-connect-account')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'createConnectAccount',
    summary: "Set up payouts: the user's Stripe Connect (Express, Japan) account, and an onboarding link",
    description: 'Needs a profile (403 otherwise). The account is made once; every call answers a fresh single-use onboarding URL.',
  })
  @ApiCreatedResponse({ type: UrlResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiProviderError()
  async connect(@CurrentUser() viewer: AuthUser, @Body() dto: ConnectAccountDto): Promise<UrlResponse> {
    return { url: await this.payouts.connectOnboarding(viewer, dto.name, dto.email) };
  }

  @Get('get-my-stripe-account-id')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getMyStripeAccountId', summary: "The user's own Stripe Connect account id" })
  @ApiOkResponse({ type: ShopIdResponse })
  @ApiAuthErrors()
  async myAccount(@CurrentUser() viewer: AuthUser): Promise<ShopIdResponse> {
    return { shopId: await this.payouts.myAccountId(viewer) };
  }

  @Get('get-login-link')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getLoginLink', summary: 'A link to the Stripe Express dashboard of your own account (403 for any other)' })
  @ApiQuery({ name: 'shopId', type: String, required: true })
  @ApiOkResponse({ type: UrlResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiProviderError()
  async loginLink(@CurrentUser() viewer: AuthUser, @Query('shopId') shopId?: unknown): Promise<UrlResponse> {
    if (typeof shopId !== 'string' || !shopId) throw DrfValidationError.field('shopId', Msg.required);
    if (shopId.length > 255 || !/^[A-Za-z0-9_]+$/.test(shopId)) throw DrfValidationError.field('shopId', Msg.invalidInput);
    return { url: await this.payouts.loginLink(viewer, shopId) };
  }

  @Get('earnings')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getEarnings', summary: "A data owner's sales, fees and monthly totals, and the state of their payout account" })
  @ApiOkResponse({ type: EarningsResponse })
  @ApiAuthErrors()
  earnings(@CurrentUser() viewer: AuthUser): Promise<EarningsResponse> {
    return this.earningsOf.of(viewer);
  }
}
