import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsOmittable, IsPgInt, PG_INT_MAX } from '../../../common/http/transforms';
import { PROVIDERS } from '../providers';

/**
 * POST loginGoogle/. The server trusts only `id_token`, the ID token Google Identity Services gave
 * the browser, checked here (signature against Google's keys, issuer, audience = GOOGLE_CLIENT_ID,
 * expiry, `email_verified`). The profile fields the old client sends are accepted and ignored: the
 * address comes from the token. An address posted without a valid token gets nothing (400).
 */
export class GoogleLoginDto {
  @ApiPropertyOptional({ description: 'The Google ID token (a JWT) from Google Identity Services. Required.', maxLength: 8192 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(8192, { message: Msg.maxLength(8192) })
  id_token?: string;

  @ApiPropertyOptional({ description: 'Sent by the old client; ignored (the address comes from the ID token).', maxLength: 254 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(254, { message: Msg.maxLength(254) })
  email?: string;

  @ApiPropertyOptional({ description: 'Ignored.', maxLength: 200 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(200, { message: Msg.maxLength(200) })
  given_name?: string;

  @ApiPropertyOptional({ description: 'Ignored.', maxLength: 200 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(200, { message: Msg.maxLength(200) })
  family_name?: string;

  @ApiPropertyOptional({ description: 'Ignored.', maxLength: 200 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(200, { message: Msg.maxLength(200) })
  name?: string;

  @ApiPropertyOptional({ description: 'Ignored.', maxLength: 2000 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(2000, { message: Msg.maxLength(2000) })
  picture?: string;

  @ApiPropertyOptional({ description: 'Ignored: LINE and Yahoo! JAPAN sign-ins finish on the server (their callbacks).', maxLength: 20 })
  @IsOmittable()
  @IsString({ message: Msg.notAString })
  @MaxLength(20, { message: Msg.maxLength(20) })
  provider?: string;

  @ApiPropertyOptional({
    description: 'The circle the user was invited to (kept by the client through the login).',
    type: 'integer',
    minimum: 1,
    maximum: PG_INT_MAX,
  })
  @IsOmittable()
  @IsPgInt({ min: 1 })
  community?: number;
}

export class GoogleLinkDto {
  @ApiProperty({ description: 'The Google ID token of the account to link.', maxLength: 8192 })
  @IsString({ message: Msg.notAString })
  @MaxLength(8192, { message: Msg.maxLength(8192) })
  id_token: string;
}

export class SignInProvidersResponse {
  @ApiProperty({ type: String, nullable: true, description: 'Client id for Google Identity Services; null: no Google sign-in.' })
  google_client_id: string | null;

  @ApiProperty({ description: 'LINE Login is configured.' })
  line: boolean;

  @ApiProperty({ description: 'Yahoo! JAPAN ID is configured.' })
  yahoo: boolean;
}

export class SignInMethod {
  @ApiProperty({ enum: PROVIDERS })
  provider: (typeof PROVIDERS)[number];

  @ApiProperty({ type: String, nullable: true, description: 'The address the provider gave, if any.' })
  email: string | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}

export class SignInMethodsResponse {
  @ApiProperty({ description: 'The account has a password (e-mail sign-in).' })
  password: boolean;

  @ApiProperty({ type: [SignInMethod] })
  methods: SignInMethod[];

  @ApiProperty({ type: SignInProvidersResponse, description: 'The providers this site offers.' })
  available: SignInProvidersResponse;
}

export class LinkStartResponse {
  @ApiProperty({ description: 'Open this URL in the browser to sign in at the provider and link it.' })
  url: string;
}

/**
 * POST sign-in/exchange/: the one-time code a LINE or Yahoo! JAPAN sign-in sent to
 * `/login?code=…`. It opens a session only for the browser that started the flow (its cookie).
 */
export class SignInCodeDto {
  @ApiProperty({ description: 'The `code` of `/login?code=…`: single use, valid 2 minutes.', maxLength: 100 })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(100, { message: Msg.maxLength(100) })
  code: string;
}
