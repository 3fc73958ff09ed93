import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsEmail, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsOmittable, IsPgInt, PG_INT_MAX, toBool, trimLower } from '../../../common/http/transforms';

export const LANGUAGES = ['ja', 'en'] as const;

export class RegisterDto {
  @ApiProperty({ example: 'hanako@example.com' })
  @Transform(trimLower)
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(254, { message: Msg.maxLength(254) })
  @IsEmail({}, { message: Msg.invalidEmail })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  password1: string;

  @ApiProperty()
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  password2: string;

  @ApiProperty({ description: 'The terms and conditions were agreed to; must be true.' })
  @Transform(toBool)
  @IsDefined({ message: Msg.required })
  @IsBoolean({ message: Msg.invalidBool })
  agreed: boolean;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Language of the mail sent to this account.' })
  @IsOmittable()
  @IsIn(LANGUAGES, { message: Msg.invalidLanguage })
  language?: 'ja' | 'en';
}

export class LoginDto {
  @ApiProperty({ example: 'hanako@example.com' })
  @Transform(trimLower)
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  email: string;

  @ApiProperty()
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  password: string;
}

export class KeyDto {
  @ApiProperty({ description: 'User id from the link.', example: 12, type: 'integer', minimum: 1, maximum: PG_INT_MAX })
  @IsDefined({ message: Msg.required })
  @IsPgInt({ min: 1 })
  id: number;

  @ApiProperty({ description: 'Key from the link.' })
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(100, { message: Msg.maxLength(100) })
  key: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'hanako@example.com' })
  @Transform(trimLower)
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @IsEmail({}, { message: Msg.invalidEmail })
  email: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Language of the mail, when the account has none yet.' })
  @IsOmittable()
  @IsIn(LANGUAGES, { message: Msg.invalidLanguage })
  language?: 'ja' | 'en';
}

export class ResetPasswordDto extends KeyDto {
  @ApiPropertyOptional({ description: 'E-mail shown by verify-for-password-reset; must match the link when sent.' })
  @IsOmittable()
  @Transform(trimLower)
  @IsString()
  email?: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  password: string;

  @ApiPropertyOptional({ description: 'Repeat of the password; checked when sent.' })
  @IsOmittable()
  @IsString()
  password2?: string;
}

export class LoginResponse {
  @ApiProperty({ description: 'Send as `Authorization: Token <token>`.' })
  token: string;

  @ApiProperty({ enum: ['/home', '/account'], description: '/account while the user has no profile yet.' })
  redirect_url: string;

  @ApiProperty({ enum: LANGUAGES, description: 'The language saved to the account: the UI switches to it after logging in.' })
  language: 'ja' | 'en';
}

export class AccountResponse {
  @ApiProperty({ example: 'hanako@example.com' })
  email: string;

  @ApiProperty({ enum: LANGUAGES, description: 'Language of the UI and of the mail sent to this account.' })
  language: 'ja' | 'en';
}

/** deleteprofile/'s answer: when the account and everything in it go for good. */
export class DeletionResponse {
  @ApiProperty({ example: 'Account deletion requested.' })
  detail: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-12-11T09:30:00.000Z',
    description: 'When the account is removed for good (the request plus ACCOUNT_DELETION_GRACE_DAYS); until then it is hidden and cannot log in.',
  })
  deletes_at: string;

  @ApiProperty({ type: 'integer', example: 14, description: 'Days between the request and the removal (ACCOUNT_DELETION_GRACE_DAYS).' })
  grace_days: number;
}

export class UpdateAccountDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Language of the UI and of the mail sent to this account.' })
  @IsOmittable()
  @IsIn(LANGUAGES, { message: Msg.invalidLanguage })
  language?: 'ja' | 'en';
}

export class MessageResponse {
  @ApiProperty({ example: 'OK' })
  message: string;
}

export class EmailResponse {
  @ApiProperty()
  email: string;
}
