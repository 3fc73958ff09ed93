import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

/** Sign-in with Google, LINE and Yahoo! JAPAN; owns sign_in_links and sign_in_flows. */
@Module({
  imports: [AuthModule],
  controllers: [SignInController],
  providers: [SignInService],
})
export class SignInModule {}
