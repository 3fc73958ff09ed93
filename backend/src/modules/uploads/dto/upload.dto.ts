import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsDefined, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsOmittable, IsPgInt, PG_INT_MAX, toBool, toInt } from '../../../common/http/transforms';
import { UPLOAD_FAILURES } from '../generation/extract-protocol';

export const PRICE_TIERS = [0, 800, 3000, 9800, 40000, 250000] as const;

/** Multipart fields of POST upload/ (the file itself is the `file` part). */
export class UploadFieldsDto {
  @ApiProperty({ maxLength: 100 })
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(100, { message: Msg.maxLength(100) })
  title: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOmittable()
  @IsString()
  @MaxLength(2000, { message: Msg.maxLength(2000) })
  description?: string;

  @ApiPropertyOptional({ description: "Must be the caller's own user id when sent.", type: 'integer', minimum: 1, maximum: PG_INT_MAX })
  @IsOmittable()
  @IsPgInt({ min: 1 })
  user_id?: number;

  @ApiPropertyOptional({ enum: PRICE_TIERS, default: 0, description: 'Yen; above 0 only in own-data mode (mydata=true).' })
  @IsOmittable()
  @Transform(toInt)
  @IsIn(PRICE_TIERS, { message: Msg.invalidPrice })
  price?: number;

  @ApiPropertyOptional({ default: false, description: 'The uploader owns the data and may sell it.' })
  @IsOmittable()
  @Transform(toBool)
  @IsBoolean({ message: Msg.invalidBool })
  mydata?: boolean;

  @ApiPropertyOptional({ type: [Number], description: 'Circle ids; repeat the field for several.' })
  @IsOmittable()
  @IsPgInt({ min: 1, each: true })
  @IsArray()
  communities?: number[];

  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, CSV, Excel (xlsx/xls) or Word (docx/doc), checked by content.' })
  file?: unknown;
}

export class UploadedFileResponse {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ description: 'Stored file name (whitespace replaced by `_`).' })
  file: string;

  @ApiProperty({ enum: ['jpeg', 'csv', 'xlsx', 'xls', 'docx', 'doc'] })
  kind: string;

  @ApiProperty()
  size: number;

  @ApiProperty({ enum: ['pending', 'processing', 'done', 'failed'], description: 'Book generation state.' })
  status: string;

  @ApiProperty({
    type: String,
    // OpenAPI 3.0: a nullable enum lists null among its values.
    enum: [...UPLOAD_FAILURES, null],
    nullable: true,
    description:
      'Why the file could not become a Book (`status` failed): `unreadable` (damaged, or not what its type says), `too-large` (unpacks to more than the limits, or needs too much memory to read), `timeout` (reading it took too long), `interrupted` (processing stopped twice). Null otherwise.',
  })
  failure: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'The Book made from the file, once generated.' })
  page: number | null;

  @ApiProperty()
  price: number;

  @ApiProperty()
  mydata: boolean;

  @ApiProperty({ type: [Number] })
  communities: number[];

  @ApiProperty({ description: "The uploader's user id." })
  user_id: number;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}

export class FileIdDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: PG_INT_MAX })
  @IsDefined({ message: Msg.required })
  @IsPgInt({ min: 1 })
  file_id: number;
}

export class S3UrlResponse {
  @ApiProperty({ description: 'Direct download URL, valid for at most 5 minutes.' })
  s3_url: string;
}
