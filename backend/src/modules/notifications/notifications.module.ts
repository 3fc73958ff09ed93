import { Module, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../jobs/jobs.service';
import { AuthModule } from '../auth/auth.module';
import { BooksModule } from '../books/books.module';
import { FollowsModule } from '../follows/follows.module';
import { PostsModule } from '../posts/posts.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { NotificationStreams } from './notification-streams.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [AuthModule, ProfilesModule, BooksModule, FollowsModule, PostsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationStreams],
  exports: [NotificationsService],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.jobs.define('notifications-prune', () => this.notifications.prune().then(() => undefined), { cron: '37 3 * * *', retryLimit: 1 });
  }
}
