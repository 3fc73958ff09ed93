import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiThrottled, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { Msg } from '../../common/http/drf-errors';
import { RateLimited } from '../../common/http/rate-limit';
import { AuthService } from './auth.service';
import { NoStore } from './no-store.guard';
import {
  AccountResponse,
  DeletionResponse,
  EmailResponse,
  UpdateAccountDto,
  ForgotPasswordDto,
  KeyDto,
  LoginDto,
  LoginResponse,
  MessageResponse,
  RegisterDto,
  ResetPasswordDto,
} from './dto/auth.dto';

@ApiTags('accounts')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @NoStore()
  @RateLimited('register')
  @Public()
  @ApiOperation({ operationId: 'register', summary: 'Create an account and send the verification mail' })
  @ApiCreatedResponse({ type: DetailResponse, description: 'Always the same answer, also for a taken address.' })
  @ApiValidationErrors()
  @ApiThrottled()
  async register(@Body() dto: RegisterDto): Promise<DetailResponse> {
    await this.auth.register(dto);
    return { detail: Msg.verificationSent };
  }

  @Post('login')
  @NoStore()
  @RateLimited('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'login', summary: 'Log in with e-mail and password' })
  @ApiOkResponse({ type: LoginResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<LoginResponse> {
    return this.auth.login(dto, ip);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'logout', summary: 'End the session of the presented token' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiAuthErrors()
  async logout(@CurrentUser() user: AuthUser): Promise<DetailResponse> {
    await this.auth.logout(user);
    return { detail: Msg.loggedOut };
  }

  @Get('account')
  @NoStore()
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getAccount', summary: 'The account of the presented token: e-mail and language' })
  @ApiOkResponse({ type: AccountResponse })
  @ApiAuthErrors()
  getAccount(@CurrentUser() user: AuthUser): Promise<AccountResponse> {
    return this.auth.account(user);
  }

  @Patch('account')
  @NoStore()
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'updateAccount', summary: 'Change the account: its language (UI after login, and mail)' })
  @ApiOkResponse({ type: AccountResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  updateAccount(@CurrentUser() user: AuthUser, @Body() dto: UpdateAccountDto): Promise<AccountResponse> {
    return this.auth.updateAccount(user, dto);
  }

  @Post('verify')
  @NoStore()
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'verifyEmail', summary: 'Confirm the e-mail address from the link /verify/{id}/{key}' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiValidationErrors()
  async verify(@Body() dto: KeyDto): Promise<MessageResponse> {
    // A link opened a second time: verified already (message "E-mail is already verified.").
    return { message: (await this.auth.verifyEmail(dto)) === 'already' ? Msg.alreadyVerified : Msg.ok };
  }

  @Post('forgot-password')
  @RateLimited('forgot-password')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'forgotPassword', summary: 'Mail a password-reset link (same answer for unknown addresses)' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<DetailResponse> {
    await this.auth.forgotPassword(dto);
    return { detail: Msg.resetMailSent };
  }

  @Post('resend-verification')
  @NoStore()
  @RateLimited('resend-verification')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'resendVerification', summary: 'Mail the verification link again (same answer for any address)' })
  @ApiOkResponse({ type: DetailResponse, description: 'Always the same answer: a mail goes only to an account waiting to be confirmed.' })
  @ApiValidationErrors()
  @ApiThrottled()
  async resendVerification(@Body() dto: ForgotPasswordDto): Promise<DetailResponse> {
    await this.auth.resendVerification(dto);
    return { detail: Msg.verificationResent };
  }

  @Post('verify-for-password-reset')
  @NoStore()
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'verifyForPasswordReset', summary: 'Check a reset link; answers the account e-mail' })
  @ApiOkResponse({ type: EmailResponse })
  @ApiValidationErrors()
  async verifyForPasswordReset(@Body() dto: KeyDto): Promise<EmailResponse> {
    return { email: await this.auth.checkResetLink(dto) };
  }

  @Post('reset-password')
  @NoStore()
  @RateLimited('reset-password')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'resetPassword', summary: 'Set a new password with the id and key of a valid reset link' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<DetailResponse> {
    await this.auth.resetPassword(dto);
    return { detail: Msg.passwordReset };
  }

  @Post('deleteprofile')
  @HttpCode(HttpStatus.OK)
  @ApiTags('profiles')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'deleteProfile', summary: 'Request deletion of the account; it is signed out at once and removed after a grace period' })
  @ApiOkResponse({ type: DeletionResponse })
  @ApiAuthErrors()
  async deleteProfile(@CurrentUser() user: AuthUser): Promise<DeletionResponse> {
    const { deletesAt, graceDays } = await this.auth.requestDeletion(user);
    return { detail: Msg.deletionRequested, deletes_at: deletesAt.toISOString(), grace_days: graceDays };
  }
}
