import { Module } from '@nestjs/common';
import { HelpController } from './help.controller';

/** The help screens' configuration: the intro and how-to videos. */
@Module({ controllers: [HelpController] })
export class HelpModule {}
