import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsPgInt, PG_INT_MAX } from '../../../common/http/transforms';

export class FileProfile {
  @ApiProperty({ type: Number, nullable: true, description: 'Profile id (null while the contributor has no profile).' })
  id: number | null;

  @ApiProperty({ description: "The contributor's user id." })
  userId: number;

  @ApiProperty({ type: String, nullable: true, description: 'Avatar URL.' })
  img: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Nickname (null while the contributor has no profile).' })
  nickName: string | null;
}

export class PageFile {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ type: FileProfile })
  profile: FileProfile;

  @ApiProperty({ type: [Number], description: 'Circle ids the file was posted to.' })
  communities: number[];

  @ApiProperty({ type: [String], description: 'Titles of those circles.' })
  communities_info: string[];
}

export class GenderCount {
  @ApiProperty()
  male: number;

  @ApiProperty()
  female: number;
}

export class PageResponse {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty()
  summary: string;

  @ApiProperty({ type: String, nullable: true, description: 'Cover image URL.' })
  img: string | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;

  @ApiProperty({ description: 'Price in yen (0 = free).', enum: [0, 800, 3000, 9800, 40000, 250000] })
  page_price: number;

  @ApiProperty({ description: 'Average review rating in percent (0 without reviews).' })
  rating: number;

  @ApiProperty({ description: 'The viewer owns the Book (bought, contributed, or took it for free).' })
  is_owned: boolean;

  @ApiProperty()
  goodpoint: string;

  @ApiProperty({ description: 'Empty for viewers without access to a paid Book.' })
  badpoint: string;

  @ApiProperty()
  point1: string;

  @ApiProperty()
  point2: string;

  @ApiProperty()
  point3: string;

  @ApiProperty()
  point4: string;

  @ApiProperty()
  point5: string;

  @ApiProperty({ description: 'Empty for viewers without access to a paid Book.' })
  answer: string;

  @ApiProperty({ description: 'Posts about this Book.' })
  post_count: number;

  @ApiProperty({ description: 'Distinct viewers per day over the last 30 days.' })
  monthly_views: number;

  @ApiProperty({ type: GenderCount, description: 'Followers by sex.' })
  gender_count: GenderCount;

  @ApiProperty({ type: [PageFile], description: 'Up to 3 data files and their contributors.' })
  files: PageFile[];

  @ApiProperty({ enum: ['ja', 'en'] })
  language: string;

  @ApiPropertyOptional({
    description: 'Opaque ticket for POST owningpage/, present when the viewer may take the Book without paying (free Book or contributor).',
  })
  encrypted_pageId?: string;
}

export class PageStatusResponse {
  @ApiProperty()
  is_followed: boolean;

  @ApiProperty()
  is_owned: boolean;
}

export class PageIdDto {
  @ApiProperty({ example: 1, type: 'integer', minimum: 1, maximum: PG_INT_MAX })
  @IsDefined({ message: Msg.required })
  @IsPgInt({ min: 1 })
  pageId: number;
}

export class OwningPageDto {
  @ApiProperty({ description: 'The `encrypted_pageId` from monopage/get-page-info/.' })
  @IsDefined({ message: Msg.required })
  @IsString()
  encrypted_pageId: string;
}
