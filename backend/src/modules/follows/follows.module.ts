import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { FollowsController } from './follows.controller';
import { FollowsService } from './follows.service';

@Module({ imports: [ProfilesModule, BooksModule], controllers: [FollowsController], providers: [FollowsService], exports: [FollowsService] })
export class FollowsModule {}
