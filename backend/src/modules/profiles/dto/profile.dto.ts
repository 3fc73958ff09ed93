import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, NotEquals, ValidateIf } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { SEX_CODES } from '../entities/profile.entity';
import { IsOmittable, trim } from '../../../common/http/transforms';

/** Multipart fields of POST profile/ and PUT profile/{id}/. Only the fields sent are changed. */
export class ProfileFieldsDto {
  @ApiPropertyOptional({ maxLength: 20, description: 'Required when creating; "default" means unset and is refused.' })
  @IsOmittable()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(20, { message: Msg.maxLength(20) })
  @NotEquals('default', { message: Msg.chooseNickname })
  nickName?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOmittable()
  @IsString()
  @MaxLength(100, { message: Msg.maxLength(100) })
  caption?: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOmittable()
  @IsString()
  @MaxLength(2000, { message: Msg.maxLength(2000) })
  description?: string;

  @ApiPropertyOptional({ example: '1990-04-01', description: 'Birthday, YYYY-MM-DD; an empty value clears it.' })
  @ValidateIf((_o, v) => v !== undefined && v !== '')
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: Msg.invalidDate })
  birth?: string;

  @ApiPropertyOptional({ enum: SEX_CODES, description: "'0' no answer (also unset), '1' male, '3' female, '4' other." })
  @IsOmittable()
  @IsIn(SEX_CODES, { message: Msg.invalidSex })
  sex?: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Avatar (JPEG, PNG, WebP or GIF; re-encoded as JPEG).' })
  img?: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Background image.' })
  imgBackground?: unknown;
}

export class ProfileResponse {
  @ApiProperty({ description: 'Profile id.' })
  id: number;

  @ApiProperty({ description: "The owner's user id." })
  userProfile: number;

  @ApiProperty({ description: '"default" means not set yet.' })
  nickName: string;

  @ApiProperty()
  caption: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ type: String, nullable: true, example: '1990-04-01' })
  birth: string | null;

  @ApiProperty({ type: String, nullable: true, example: '1990-04-01' })
  birthday: string | null;

  @ApiProperty({ type: Number, nullable: true })
  birthYear: number | null;

  @ApiProperty({ type: Number, nullable: true })
  birthMonth: number | null;

  @ApiProperty({ type: Number, nullable: true })
  birthDay: number | null;

  @ApiProperty({ enum: SEX_CODES })
  sex: string;

  @ApiProperty({ type: String, nullable: true, description: 'Absolute URL of the avatar.' })
  img: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Absolute URL of the background image.' })
  imgBackground: string | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}

/** A person as lists show them (post authors, contributors, follow requests). */
export class ProfileSummaryResponse {
  @ApiProperty({ description: 'Profile id.' })
  id: number;

  @ApiProperty({ description: "The person's user id." })
  userId: number;

  @ApiProperty()
  nickName: string;

  @ApiProperty({ type: String, nullable: true, description: 'Avatar URL.' })
  img: string | null;
}
