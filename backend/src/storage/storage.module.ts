import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../app-options';
import { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { MediaController } from './media.controller';
import { S3FileStorage } from './s3-file-storage';

@Global()
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: FileStorage,
      inject: [APP_OPTIONS],
      useFactory: ({ config }: AppOptions): FileStorage =>
        config.storage.driver === 's3'
          ? new S3FileStorage({ ...config.storage.s3, bucket: config.storage.s3.bucket! })
          : new LocalFileStorage(config.storage.localDir),
    },
  ],
  exports: [FileStorage],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(FileStorage) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.destroy();
  }
}
