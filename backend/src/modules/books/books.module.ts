import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { FileStorage } from '../../storage/file-storage';
import { AttributesModule } from '../attributes/attributes.module';
import { PagesModule } from '../pages/pages.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { BookGenerationService } from './book-generation.service';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';
import { UploadedFile } from './entities/uploaded-file.entity';
import { ProfileRequiredGuard } from './profile-required.guard';
import { StreamingUploadStorage } from './upload-storage';

@Module({
  imports: [
    TypeOrmModule.forFeature([UploadedFile]),
    MulterModule.registerAsync({
      inject: [APP_OPTIONS, FileStorage],
      useFactory: ({ config }: AppOptions, storage: FileStorage) => ({
        storage: new StreamingUploadStorage(storage),
        limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 30 },
        defParamCharset: 'utf8',
      }),
    }),
    AttributesModule,
    PagesModule,
    ProfilesModule,
  ],
  controllers: [BooksController],
  providers: [BooksService, BookGenerationService, ProfileRequiredGuard],
})
export class BooksModule {}
