import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  Body,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Get,
  HttpCode,
  HttpStatus,
  Ip,
  Param,
  Post,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-fastify/multipart';
import {
  ApiBadGatewayResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { AdServeRateLimitGuard } from '../../common/http/client-rate-limit';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { GoToResponse } from '../payments/dto/payments.dto';
import { AdProfileGuard } from './ad-profile.guard';
import { AdsService } from './ads.service';
import { AdIdDto, AdSettingsResponse, AdStatsResponse, CreateAdDto, PostAdsStripeDto, ServedAdResponse, UpdateAdsDto, UpdateAdsResponse } from './dto/ads.dto';

/** The User-Agent header (part of a visitor's identity for counting views and clicks); not an API parameter. */
const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  const value = ctx.switchToHttp().getRequest<FastifyRequest>().headers['user-agent'];
  return typeof value === 'string' ? value : undefined;
});
const ApiThrottled = () =>
  ApiTooManyRequestsResponse({
    description: 'More than AD_SERVE_RATE_LIMIT servings a minute from this user (visitors: this address); see Retry-After.',
    type: DetailResponse,
  });
const SERVING =
  'Each ad answered counts one view, once per viewer (the user; a visitor by address and user agent) per ad per hour; a repeat within the hour is served but counted as a refused view. Rate limited per user (visitors: per IP), AD_SERVE_RATE_LIMIT servings a minute over both serving endpoints: 429 with Retry-After.';
const ApiProviderError = () => ApiBadGatewayResponse({ description: 'Stripe did not answer or refused the call.', type: DetailResponse });

@ApiTags('ads')
@Controller()
export class AdsController {
  constructor(private readonly ads: AdsService) {}

  @Get('advertisement-settings')
  @Public()
  @ApiOperation({ operationId: 'adSettings', summary: 'Whether ads can be paid for, and the price in yen of each target (AD_PRICES_JPY)' })
  @ApiOkResponse({ type: AdSettingsResponse })
  settings(): AdSettingsResponse {
    return this.ads.settings();
  }

  @Post('advertisement')
  @ApiSecurity('token')
  @UseGuards(AdProfileGuard)
  @UseInterceptors(FileInterceptor('img'))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    operationId: 'createAdvertisement',
    summary: 'Create an ad (unpaid: it runs once Stripe says it is paid)',
    description:
      'Needs a profile (403, AdApplication1). Exactly 3 tags; a target of the type; an http(s) url; an image checked by content; `affiliate_html` is kept as links and images only.',
  })
  @ApiCreatedResponse({ type: AdStatsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  create(@CurrentUser() viewer: AuthUser, @Body() dto: CreateAdDto, @UploadedFile() img?: UploadedMultipartFile): Promise<AdStatsResponse> {
    return this.ads.create(viewer, dto, img);
  }

  @Post('post-ads-stripe')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'postAdsStripe',
    summary: "Pay for your ad: a Stripe Checkout Session for its price (`data` is the ad's id)",
    description: "Your own unpaid ad only (404 otherwise). `SITE_URL` must be the site's own origin. The ad runs only once Stripe says the session is paid.",
  })
  @ApiCreatedResponse({ type: GoToResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  @ApiProviderError()
  async checkout(@CurrentUser() viewer: AuthUser, @Body() dto: PostAdsStripeDto): Promise<GoToResponse> {
    return { goTo: await this.ads.checkout(viewer, dto.SITE_URL, dto.data) };
  }

  @Post('allowAds')
  @ApiSecurity('token')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'allowAds',
    summary: "The return from payment: asks Stripe about your ad's session and answers the ad (active only when Stripe says it is paid)",
  })
  @ApiOkResponse({ type: AdStatsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  @ApiProviderError()
  allow(@CurrentUser() viewer: AuthUser, @Body() dto: AdIdDto): Promise<AdStatsResponse> {
    return this.ads.allow(viewer, dto.adsId);
  }

  @Get('advertisements-random')
  @Public()
  @UseGuards(AdServeRateLimitGuard)
  @ApiOperation({
    operationId: 'randomAdvertisements',
    summary: 'Running ads at random (up to 3), each counted as one impression and given a single-use offer',
    description: SERVING,
  })
  @ApiOkResponse({ type: [ServedAdResponse] })
  @ApiThrottled()
  random(@Ip() ip: string, @UserAgent() userAgent?: string, @CurrentUser() viewer?: AuthUser): Promise<ServedAdResponse[]> {
    return this.ads.serve(viewer, ip, userAgent);
  }

  @Get('advertisements-for-monopage/:id')
  @Public()
  @UseGuards(AdServeRateLimitGuard)
  @ApiOperation({
    operationId: 'advertisementsForMonopage',
    summary: "Running ads for a Book page (those sharing the Book's tags first), counted as for advertisements-random/",
    description: SERVING,
  })
  @ApiOkResponse({ type: [ServedAdResponse] })
  @ApiNotFound()
  @ApiThrottled()
  forBook(
    @Param('id', IdParamPipe) id: number,
    @Ip() ip: string,
    @UserAgent() userAgent?: string,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<ServedAdResponse[]> {
    return this.ads.serveForBook(viewer, ip, userAgent, id);
  }

  @Post('updateAds')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'updateAds',
    summary: 'A click on a served ad (send its `offer`), or, with updateDelFlag, the advertiser stopping it',
    description:
      'A click counts only with an unused offer served to the same viewer, once per viewer per ad per hour, and at most 30 clicks per viewer per hour; otherwise it is recorded as refused with its reason. `updateCnt` is never read. Only the advertiser may set updateDelFlag (401 for a visitor, 403 for anyone else).',
  })
  @ApiOkResponse({ type: UpdateAdsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  update(@Body() dto: UpdateAdsDto, @Ip() ip: string, @UserAgent() userAgent?: string, @CurrentUser() viewer?: AuthUser): Promise<UpdateAdsResponse> {
    return this.ads.update(viewer, ip, userAgent, dto.adsId, dto.updateDelFlag === true, dto.offer);
  }

  @Get('advertisements-mine')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'myAdvertisements',
    summary: 'Your ads, newest first, with counted views and clicks, the remaining count, the refused clicks by reason and the refused (repeated) views',
  })
  @ApiOkResponse({ type: [AdStatsResponse] })
  @ApiAuthErrors()
  mine(@CurrentUser() viewer: AuthUser): Promise<AdStatsResponse[]> {
    return this.ads.mine(viewer);
  }

  @Get('advertisement/:id')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'advertisementStats', summary: 'One of your ads with its figures (404 for anyone else)' })
  @ApiOkResponse({ type: AdStatsResponse })
  @ApiAuthErrors()
  @ApiNotFound()
  stats(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer: AuthUser): Promise<AdStatsResponse> {
    return this.ads.stats(viewer, id);
  }
}
