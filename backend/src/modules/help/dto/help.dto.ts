import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HelpVideo {
  @ApiProperty({ enum: ['embed', 'file'], description: "`embed`: show `src` in an <iframe> (the provider's player); `file`: play `src` in a <video> element." })
  kind: 'embed' | 'file';

  @ApiProperty({ description: 'What to play (already the embeddable form of a YouTube or Vimeo link).' })
  src: string;
}

export class HelpVideosByLanguage {
  @ApiPropertyOptional({ type: HelpVideo, nullable: true, description: 'Absent (null): show the illustrated walkthrough in Japanese.' })
  ja: HelpVideo | null;

  @ApiPropertyOptional({ type: HelpVideo, nullable: true, description: 'Absent (null): show the illustrated walkthrough in English.' })
  en: HelpVideo | null;
}

export class HelpVideosResponse {
  @ApiProperty({ type: HelpVideosByLanguage, description: 'The intro (welcome dialog, /videos).' })
  intro: HelpVideosByLanguage;

  @ApiProperty({ type: HelpVideosByLanguage, description: "The how-to (/howto, /videos, the login page's how-to dialog)." })
  howto: HelpVideosByLanguage;
}
