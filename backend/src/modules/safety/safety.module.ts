import { Module } from '@nestjs/common';
import { AdsModule } from '../ads/ads.module';
import { AuthModule } from '../auth/auth.module';
import { BooksModule } from '../books/books.module';
import { CirclesModule } from '../circles/circles.module';
import { FollowsModule } from '../follows/follows.module';
import { PostsModule } from '../posts/posts.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { SafetyController } from './safety.controller';
import { SafetyService } from './safety.service';

/** Blocks, mutes, reports, moderation and roles (issue 38). Imports the owners it asks; none of them imports it (they take its static SQL and its permissions). */
@Module({
  imports: [AuthModule, ProfilesModule, BooksModule, FollowsModule, PostsModule, CirclesModule, AdsModule],
  controllers: [SafetyController],
  providers: [SafetyService],
  exports: [SafetyService],
})
export class SafetyModule {}
