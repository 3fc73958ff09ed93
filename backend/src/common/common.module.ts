import { Global, Module } from '@nestjs/common';
import { AccessService } from './access/access.service';
import { ProfileRequiredGuard } from './access/profile-required.guard';
import { Audiences } from './audiences/audiences';
import { Signer } from './crypto/signer';
import { EventsService } from './events/events.service';
import { Sql } from '../database/sql';

@Global()
@Module({ providers: [Sql, Signer, AccessService, Audiences, EventsService, ProfileRequiredGuard], exports: [Sql, Signer, AccessService, Audiences, EventsService, ProfileRequiredGuard] })
export class CommonModule {}
