import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiThrottled, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { AuthService } from './auth.service';
import { EmailResponse, ForgotPasswordDto, KeyDto, LoginDto, LoginResponse, MessageResponse, RegisterDto, ResetPasswordDto } from './dto/auth.dto';

@ApiTags('accounts')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ApiOperation({ operationId: 'register', summary: 'Create an account and send the verification mail' })
  @ApiCreatedResponse({ type: DetailResponse, description: 'Always the same answer, also for a taken address.' })
  @ApiValidationErrors()
  @ApiThrottled()
  async register(@Body() dto: RegisterDto): Promise<DetailResponse> {
    await this.auth.register(dto);
    return { detail: 'Verification e-mail sent.' };
  }

  @Post('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'login', summary: 'Log in with e-mail and password' })
  @ApiOkResponse({ type: LoginResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  login(@Body() dto: LoginDto): Promise<LoginResponse> {
    return this.auth.login(dto);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'logout', summary: 'End the session of the presented token' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiAuthErrors()
  async logout(@CurrentUser() user: AuthUser): Promise<DetailResponse> {
    await this.auth.logout(user);
    return { detail: 'Successfully logged out.' };
  }

  @Post('verify')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'verifyEmail', summary: 'Confirm the e-mail address from the link /verify/{id}/{key}' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiValidationErrors()
  async verify(@Body() dto: KeyDto): Promise<MessageResponse> {
    await this.auth.verifyEmail(dto);
    return { message: 'OK' };
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'forgotPassword', summary: 'Mail a password-reset link (same answer for unknown addresses)' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<DetailResponse> {
    await this.auth.forgotPassword(dto);
    return { detail: 'Password reset e-mail has been sent.' };
  }

  @Post('verify-for-password-reset')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'verifyForPasswordReset', summary: 'Check a reset link; answers the account e-mail' })
  @ApiOkResponse({ type: EmailResponse })
  @ApiValidationErrors()
  async verifyForPasswordReset(@Body() dto: KeyDto): Promise<EmailResponse> {
    return { email: await this.auth.checkResetLink(dto) };
  }

  @Post('reset-password')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'resetPassword', summary: 'Set a new password with the id and key of a valid reset link' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<DetailResponse> {
    await this.auth.resetPassword(dto);
    return { detail: 'Password has been reset with the new password.' };
  }

  @Post('deleteprofile')
  @HttpCode(HttpStatus.OK)
  @ApiTags('profiles')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'deleteProfile', summary: 'Request deletion of the account; it is signed out at once and removed after a grace period' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiAuthErrors()
  async deleteProfile(@CurrentUser() user: AuthUser): Promise<DetailResponse> {
    await this.auth.requestDeletion(user);
    return { detail: 'Account deletion requested.' };
  }
}
