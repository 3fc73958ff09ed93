import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { FollowsController } from './follows.controller';
import { FollowsService } from './follows.service';

@Module({ imports: [ProfilesModule], controllers: [FollowsController], providers: [FollowsService], exports: [FollowsService] })
export class FollowsModule {}
