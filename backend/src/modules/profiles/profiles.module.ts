import { Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { ProfilePacker } from './profile.packer';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

@Module({
  imports: [
    MultipartModule.registerAsync({
      inject: [APP_OPTIONS],
      useFactory: ({ config }: AppOptions) => ({ limits: { fileSize: config.imageMaxBytes, files: 2, fields: 20 } }),
    }),
  ],
  controllers: [ProfilesController],
  providers: [ProfilesService, ProfilePacker],
  exports: [ProfilesService, ProfilePacker],
})
export class ProfilesModule {}
