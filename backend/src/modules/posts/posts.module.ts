import { Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { BooksModule } from '../books/books.module';
import { FollowsModule } from '../follows/follows.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { FeedsService } from './feeds.service';
import { PostAccess } from './post-access';
import { PostAnalytics } from './post-analytics';
import { PostComments } from './post-comments';
import { PostCounters } from './post-counters';
import { PostLikes } from './post-likes';
import { PostModeration } from './post-moderation';
import { PostPacker } from './post.packer';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  imports: [
    ProfilesModule,
    BooksModule,
    FollowsModule,
    MultipartModule.registerAsync({
      inject: [APP_OPTIONS],
      useFactory: ({ config }: AppOptions) => ({ limits: { fileSize: config.imageMaxBytes, files: 1, fields: 150 } }),
    }),
  ],
  controllers: [PostsController],
  providers: [PostsService, PostCounters, PostLikes, PostComments, PostModeration, PostAccess, FeedsService, PostPacker, PostAnalytics],
  exports: [PostsService, PostPacker, FeedsService, PostAnalytics],
})
export class PostsModule {}
