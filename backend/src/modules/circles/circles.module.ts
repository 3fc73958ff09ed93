import { Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { BooksModule } from '../books/books.module';
import { PostsModule } from '../posts/posts.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { CirclesController } from './circles.controller';
import { CircleAudience } from './circle-audience.service';
import { CircleCreation } from './circle-creation.service';
import { CircleInvitations } from './circle-invitations.service';
import { CircleMembership } from './circle-membership.service';
import { CirclePacker } from './circle.packer';
import { CircleReads } from './circle-reads.service';
import { CircleShelf } from './circle-shelf.service';
import { CircleThread } from './circle-thread.service';
import { CirclesListener } from './circles.listener';
import { CirclesService } from './circles.service';

/**
 * Circles. Depends on posts (the thread is a post list), books (the bookshelf) and profiles
 * (members); none of them depends on it: they know circles through the access and audience
 * registries only.
 */
@Module({
  imports: [
    ProfilesModule,
    BooksModule,
    PostsModule,
    MultipartModule.registerAsync({
      inject: [APP_OPTIONS],
      useFactory: ({ config }: AppOptions) => ({ limits: { fileSize: config.imageMaxBytes, files: 2, fields: 20 } }),
    }),
  ],
  controllers: [CirclesController],
  providers: [
    CirclePacker,
    CircleReads,
    CircleMembership,
    CircleInvitations,
    CircleShelf,
    CircleThread,
    CircleCreation,
    CircleAudience,
    CirclesListener,
    CirclesService,
  ],
  exports: [CirclesService],
})
export class CirclesModule {}
