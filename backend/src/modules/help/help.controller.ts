import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth-user';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { PlayableVideo } from '../../config/videos';
import { HelpVideosResponse } from './dto/help.dto';

const copy = (video: PlayableVideo | undefined) => (video ? { kind: video.kind, src: video.src } : null);

@ApiTags('help')
@Controller()
export class HelpController {
  constructor(@Inject(APP_OPTIONS) private readonly options: AppOptions) {}

  @Get('help-videos')
  @Public()
  @ApiOperation({
    operationId: 'helpVideos',
    summary: 'The intro and how-to videos per language (configuration); a null one: show the illustrated walkthrough',
  })
  @ApiOkResponse({ type: HelpVideosResponse })
  videos(): HelpVideosResponse {
    const { intro, howto } = this.options.config.helpVideos;
    return {
      intro: { ja: copy(intro.ja), en: copy(intro.en) },
      howto: { ja: copy(howto.ja), en: copy(howto.en) },
    };
  }
}
