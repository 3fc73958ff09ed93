import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TokenAuthGuard, TokenResolver } from '../../common/auth/token-auth.guard';
import { AuthRateLimitGuard, LoginFailureLimit } from '../../common/http/rate-limit';
import { MailModule } from '../mail/mail.module';
import { AccountKeysService } from './account-keys.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { NoStoreGuard } from './no-store.guard';
import { TokenService } from './token.service';
import { ExternalAccountsService } from './external-accounts.service';
import { AccountPlansService } from './account-plans.service';

@Module({
  imports: [MailModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    AuthRateLimitGuard,
    LoginFailureLimit,
    AccountKeysService,
    TokenService,
    ExternalAccountsService,
    AccountPlansService,
    { provide: TokenResolver, useExisting: TokenService },
    { provide: APP_GUARD, useClass: TokenAuthGuard },
    { provide: APP_GUARD, useClass: NoStoreGuard },
  ],
  exports: [TokenService, AuthService, ExternalAccountsService],
})
export class AuthModule {}
