import { Global, Module } from '@nestjs/common';
import { AccessService } from './access/access.service';
import { ProfileRequiredGuard } from './access/profile-required.guard';
import { Signer } from './crypto/signer';
import { EventsService } from './events/events.service';

@Global()
@Module({ providers: [Signer, AccessService, EventsService, ProfileRequiredGuard], exports: [Signer, AccessService, EventsService, ProfileRequiredGuard] })
export class CommonModule {}
