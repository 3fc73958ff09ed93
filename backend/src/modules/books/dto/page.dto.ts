import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsPgInt, PG_INT_MAX } from '../../../common/http/transforms';
import type { BookText } from '../book-text';

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

export class ColumnTopValue {
  @ApiProperty()
  value: string;

  @ApiProperty()
  count: number;
}

export class ColumnProfileEntry {
  @ApiProperty({ description: 'The column name as written in the file.' })
  name: string;

  @ApiPropertyOptional({
    description:
      "The name explained in the reader's language (temp_max → 最高気温 for a Japanese reader), with its unit; absent when the name is already in that language or unknown.",
  })
  label?: string;

  @ApiProperty({ enum: ['number', 'date', 'text', 'boolean', 'empty'] })
  type: string;

  @ApiProperty({
    enum: ['identifier', 'constant', 'time', 'entity', 'category', 'measure', 'coordinate', 'text', 'empty'],
    description: 'What the column is for (codes and coordinates are never averaged).',
  })
  role: string;

  @ApiPropertyOptional({ description: 'Unit read from the header or the values (%, 円, ppm …).' })
  unit?: string;

  @ApiProperty({ description: 'Share of rows where the column is empty, 0–1.' })
  missing: number;

  @ApiProperty({ description: 'Distinct values (a lower bound when distinctCapped).' })
  distinct: number;

  @ApiPropertyOptional()
  distinctCapped?: boolean;

  @ApiPropertyOptional()
  min?: number;

  @ApiPropertyOptional()
  max?: number;

  @ApiPropertyOptional()
  mean?: number;

  @ApiPropertyOptional({ description: 'First date of a date column, as written.' })
  from?: string;

  @ApiPropertyOptional({ description: 'Last date of a date column, as written.' })
  to?: string;

  @ApiPropertyOptional({ type: [ColumnTopValue], description: 'Up to 5 most frequent values (not for numbers).' })
  top?: ColumnTopValue[];

  @ApiPropertyOptional({ type: [Number], description: 'Histogram of a numeric column: row counts in equal bins from min to max.' })
  bins?: number[];
}

export class ColumnProfileChart {
  @ApiProperty({ enum: ['line', 'bars'], description: 'line: the measure over time; bars: by label.' })
  kind: string;

  @ApiProperty({ description: 'The headline measure (y axis).' })
  measure: string;

  @ApiPropertyOptional()
  unit?: string;

  @ApiProperty({ description: 'The x axis column (time or label).' })
  x: string;

  @ApiProperty({ enum: ['mean', 'sum'], description: 'Each point is the mean or the total of its rows.' })
  aggregate: string;

  @ApiProperty({ type: [String] })
  labels: string[];

  @ApiProperty({ type: [Number] })
  values: number[];
}

export class BookColumnProfile {
  @ApiProperty({ description: 'The sheet the profile describes (the main table).' })
  sheet: string;

  @ApiProperty({ description: 'Data rows.' })
  rows: number;

  @ApiProperty({ description: 'Histograms come from a uniform sample of the rows.' })
  sampled: boolean;

  @ApiProperty({ type: [ColumnProfileEntry] })
  columns: ColumnProfileEntry[];

  @ApiPropertyOptional({ type: ColumnProfileChart })
  chart?: ColumnProfileChart;
}

export class PagePreviewResponse {
  @ApiProperty({ description: 'The sheet shown (empty when the Book has no table).' })
  sheet: string;

  @ApiProperty({ type: [String] })
  columns: string[];

  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'Up to 20 first data rows.' })
  rows: string[][];
}

export class PageResponse implements BookText {
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

  @ApiProperty({
    description:
      'The Book belongs to the circles its data was posted to: only their members (and its owners) read it, and it is listed nowhere public, until its creator makes it public (POST monopage/{id}/make-public/).',
  })
  members_only: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'A moderator hid the Book (the reason, until a moderator restores it), or its creator\'s account is suspended ("Hidden while its account is suspended.", until an admin lifts the suspension): it answers 404 to everyone but its creator and is listed nowhere meanwhile. Null otherwise (a reader other than the creator never gets a hidden Book).',
  })
  moderated_reason: string | null;

  @ApiPropertyOptional({ description: 'monopage/get-page-info/ only: the viewer created this members-only Book and may make it public.' })
  can_make_public?: boolean;

  @ApiPropertyOptional({
    description: 'Opaque ticket for POST owningpage/, present when the viewer may take the Book without paying (free Book or contributor).',
  })
  encrypted_pageId?: string;

  @ApiPropertyOptional({
    type: BookColumnProfile,
    nullable: true,
    description:
      'monopage/get-page-info/ only: the column profile and chart of the main table (no raw rows); null for documents, photos and Books made before it.',
  })
  column_profile?: BookColumnProfile | null;

  @ApiPropertyOptional({
    type: [String],
    description: "monopage/get-page-info/ only: the Book's tag names in the reader's language (for its schema.org keywords).",
  })
  tags?: string[];

  @ApiPropertyOptional({
    format: 'date-time',
    description: "monopage/get-page-info/ only: when the Book last changed (made, or a data file added); the sitemap's lastmod.",
  })
  modified_on?: string;

  @ApiPropertyOptional({
    type: [String],
    description: "monopage/get-page-info/ only: the media types of the Book's files shown (text/csv …), never their addresses.",
  })
  file_formats?: string[];
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
