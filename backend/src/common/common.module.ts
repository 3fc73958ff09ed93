import { Global, Module } from '@nestjs/common';
import { AccessService } from './access/access.service';
import { ProfileRequiredGuard } from './access/profile-required.guard';
import { Audiences } from './audiences/audiences';
import { Signer } from './crypto/signer';
import { EventsService } from './events/events.service';
import { Db } from '../database/db';
import { RateLimitStore } from './http/rate-limit-store';

@Global()
@Module({
  providers: [Db, Signer, AccessService, Audiences, EventsService, ProfileRequiredGuard, RateLimitStore],
  exports: [Db, Signer, AccessService, Audiences, EventsService, ProfileRequiredGuard, RateLimitStore],
})
export class CommonModule {}
