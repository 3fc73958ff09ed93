import { Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { FileStorage } from '../../storage/file-storage';
import { TagsModule } from '../tags/tags.module';
import { BooksModule } from '../books/books.module';
import { BookGenerationService } from './book-generation.service';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';
import { UploadQuota } from './upload-quota';
import { StreamingUploadStorage } from './upload-storage';

@Module({
  imports: [
    MultipartModule.registerAsync({
      inject: [APP_OPTIONS, FileStorage],
      useFactory: ({ config }: AppOptions, storage: FileStorage) => ({
        storage: new StreamingUploadStorage(storage),
        limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 30 },
        defParamCharset: 'utf8',
      }),
    }),
    TagsModule,
    BooksModule,
  ],
  controllers: [UploadsController],
  providers: [UploadsService, BookGenerationService, UploadQuota],
  exports: [UploadsService],
})
export class UploadsModule {}
