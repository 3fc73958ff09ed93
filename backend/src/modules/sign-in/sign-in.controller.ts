import { applyDecorators, Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiFoundResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiNotFound, ApiThrottled, ApiValidationErrors } from '../../common/http/api-responses';
import { notFound } from '../../common/http/id-param.pipe';
import { parseId } from '../../common/http/paging';
import { RequestLanguage } from '../../common/http/request-language';
import { AuthRateLimitGuard } from '../../common/http/rate-limit';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { LoginResponse } from '../auth/dto/auth.dto';
import { GoogleLinkDto, GoogleLoginDto, LinkStartResponse, SignInMethodsResponse, SignInProvidersResponse } from './dto/sign-in.dto';
import { type CodeFlowProvider, CODE_FLOW_PROVIDERS, type Provider, PROVIDERS } from './providers';
import { BROWSER_COOKIE, SignInRefused, SignInService } from './sign-in.service';

function cookieValue(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function codeFlowProvider(value: string): CodeFlowProvider {
  if (!(CODE_FLOW_PROVIDERS as readonly string[]).includes(value)) throw notFound();
  return value as CodeFlowProvider;
}

const StartDocs = (label: string) =>
  applyDecorators(
    ApiQuery({ name: 'community', type: Number, required: false, description: 'The circle the user was invited to; carried in `state` and handed back after the login.' }),
    ApiQuery({ name: 'link', type: String, required: false, description: 'A ticket from `sign-in-methods/{provider}/start/`: link the provider to that account instead of signing in.' }),
    ApiOperation({
      operationId: label === 'LINE' ? 'lineLogin' : 'yahooLogin',
      summary: `Sign in with ${label}: redirect to the provider`,
      description: 'Starts an authorization code flow with PKCE (S256), a signed single-use `state` and a `nonce`, bound to this browser by a short-lived cookie. 404 when the provider is not configured.',
    }),
    ApiFoundResponse({ description: 'Redirect to the provider.' }),
    ApiValidationErrors(),
    ApiNotFound(),
  );

const CallbackDocs = (label: string) =>
  applyDecorators(
    ApiQuery({ name: 'code', type: String, required: false }),
    ApiQuery({ name: 'state', type: String, required: false }),
    ApiOperation({
      operationId: label === 'LINE' ? 'lineCallback' : 'yahooCallback',
      summary: `Finish a ${label} sign-in (the provider redirects here)`,
      description:
        'Exchanges the code server-side and checks the ID token (signature, issuer, audience, expiry, nonce); then redirects to `/login?token=…&next=/home|/account` (and `&community=` when the flow carried one). A refused sign-in redirects to `/login?error=cancelled|failed|expired|email_unverified|inactive`; a link flow to `/account?linked={provider}` or `/account?signin_error=taken`.',
    }),
    ApiFoundResponse({ description: 'Redirect to the site.' }),
    ApiNotFound(),
  );

@ApiTags('sign-in')
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  @Get('sign-in-providers')
  @Public()
  @ApiOperation({ operationId: 'signInProviders', summary: 'The sign-in providers this site offers (unconfigured ones are hidden)' })
  @ApiOkResponse({ type: SignInProvidersResponse })
  providers(): SignInProvidersResponse {
    return this.signIn.available();
  }

  @Post('loginGoogle')
  @UseGuards(AuthRateLimitGuard)
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'loginGoogle',
    summary: 'Sign in with a Google ID token',
    description:
      'The server checks the ID token (signature against the issuer\'s keys, issuer, audience, expiry) and requires a verified address; the account is found by Google\'s subject, then by that address, else made. An address without a valid token is refused (400). 404 when Google sign-in is not configured.',
  })
  @ApiOkResponse({ type: LoginResponse })
  @ApiValidationErrors()
  @ApiNotFound()
  @ApiThrottled()
  loginGoogle(@Body() dto: GoogleLoginDto, @RequestLanguage() language: 'ja' | 'en' | undefined): Promise<LoginResponse> {
    return this.signIn.google(dto.id_token, language);
  }

  @Get('line-login')
  @Public()
  @StartDocs('LINE')
  lineLogin(@Query('community') community: string | undefined, @Query('link') link: string | undefined, @RequestLanguage() language: 'ja' | 'en' | undefined, @Res() reply: FastifyReply): Promise<void> {
    return this.start('line', community, link, language, reply);
  }

  @Get('yahoo-login')
  @Public()
  @StartDocs('Yahoo! JAPAN')
  yahooLogin(@Query('community') community: string | undefined, @Query('link') link: string | undefined, @RequestLanguage() language: 'ja' | 'en' | undefined, @Res() reply: FastifyReply): Promise<void> {
    return this.start('yahoo', community, link, language, reply);
  }

  @Get('line-callback')
  @Public()
  @CallbackDocs('LINE')
  lineCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.callback('line', req, reply);
  }

  @Get('yahoo-callback')
  @Public()
  @CallbackDocs('Yahoo! JAPAN')
  yahooCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.callback('yahoo', req, reply);
  }

  private async start(name: CodeFlowProvider, community: string | undefined, link: string | undefined, language: 'ja' | 'en' | undefined, reply: FastifyReply): Promise<void> {
    const flow = await this.signIn.start(name, {
      language,
      community: community === undefined || community === '' ? undefined : parseId(community, 'community'),
      linkTicket: typeof link === 'string' ? link : undefined,
    });
    const secure = this.options.config.publicUrl.startsWith('https:') ? '; Secure' : '';
    reply.header('Set-Cookie', `${BROWSER_COOKIE}=${flow.browserSecret}; Path=/api/user/; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
    reply.header('Cache-Control', 'no-store');
    await reply.redirect(flow.url, 302);
  }

  private async callback(name: CodeFlowProvider, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const site = this.options.config.publicUrl;
    const query = (req.query ?? {}) as Record<string, unknown>;
    let location: string;
    try {
      const finished = await this.signIn.finish(name, query, cookieValue(req, BROWSER_COOKIE));
      if (finished.kind === 'linked') {
        location = `${site}/account?linked=${finished.provider}`;
      } else {
        const params = new URLSearchParams({ token: finished.session.token, next: finished.session.redirect_url });
        if (finished.community !== null) params.set('community', String(finished.community));
        location = `${site}/login?${params}`;
      }
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      location = error.reason === 'taken' ? `${site}/account?signin_error=taken` : `${site}/login?error=${error.reason}`;
    }
    reply.header('Set-Cookie', `${BROWSER_COOKIE}=; Path=/api/user/; Max-Age=0; HttpOnly; SameSite=Lax`);
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    await reply.redirect(location, 302);
  }

  @Get('sign-in-methods')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'signInMethods', summary: 'How the account can sign in: password, and the linked providers' })
  @ApiOkResponse({ type: SignInMethodsResponse })
  @ApiAuthErrors()
  methods(@CurrentUser() user: AuthUser): Promise<SignInMethodsResponse> {
    return this.signIn.methods(user);
  }

  @Post('sign-in-methods/google')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'linkGoogle', summary: 'Link a Google account (its ID token) to the signed-in account' })
  @ApiOkResponse({ type: SignInMethodsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  linkGoogle(@CurrentUser() user: AuthUser, @Body() dto: GoogleLinkDto): Promise<SignInMethodsResponse> {
    return this.signIn.linkGoogle(user, dto.id_token);
  }

  @Post('sign-in-methods/:provider/start')
  @ApiSecurity('token')
  @ApiParam({ name: 'provider', enum: CODE_FLOW_PROVIDERS })
  @ApiOperation({ operationId: 'linkProviderStart', summary: 'A URL that signs in at LINE or Yahoo! JAPAN and links it to this account (valid 2 minutes)' })
  @ApiCreatedResponse({ type: LinkStartResponse })
  @ApiAuthErrors()
  @ApiNotFound()
  linkStart(@CurrentUser() user: AuthUser, @Param('provider') provider: string): LinkStartResponse {
    return this.signIn.linkStart(user, codeFlowProvider(provider));
  }

  @Delete('sign-in-methods/:provider')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiSecurity('token')
  @ApiParam({ name: 'provider', enum: PROVIDERS })
  @ApiOperation({ operationId: 'unlinkProvider', summary: 'Remove a linked provider; the last way to sign in cannot be removed (400)' })
  @ApiNoContentResponse()
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  async unlink(@CurrentUser() user: AuthUser, @Param('provider') provider: string): Promise<void> {
    if (!(PROVIDERS as readonly string[]).includes(provider)) throw notFound();
    await this.signIn.unlink(user, provider as Provider);
  }
}
