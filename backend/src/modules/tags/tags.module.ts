import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';

@Module({ imports: [BooksModule], controllers: [TagsController], providers: [TagsService], exports: [TagsService] })
export class TagsModule {}
