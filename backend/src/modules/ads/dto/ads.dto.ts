import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsPgInt, PG_INT_MAX, toBool } from '../../../common/http/transforms';
import { AD_TARGETS } from '../../../config/config';

export const AD_CONTENT_MAX = 200;
export const AD_URL_MAX = 2000;
export const AD_AFFILIATE_MAX = 10_000;
export const AD_TAGS = 3;

const BoolField = () => applyDecorators(IsOptional(), Transform(toBool), IsBoolean({ message: Msg.invalidBool }));
const IdField = () => applyDecorators(IsDefined({ message: Msg.required }), IsPgInt({ min: 1 }));

/** POST advertisement/ (multipart; `attributes` repeated three times). */
export class CreateAdDto {
  @ApiProperty({ enum: [0, 1], type: 'integer', description: '0: billed per view, 1: billed per click.' })
  @IsDefined({ message: Msg.required })
  @IsPgInt()
  @IsIn([0, 1], { message: ({ value }) => Msg.invalidChoice(value) })
  type: number;

  @ApiProperty({ type: 'integer', description: 'Views (type 0: 90000, 200000, 750000) or clicks (type 1: 3000, 10000, 25000) paid for.', example: 90000 })
  @IsDefined({ message: Msg.required })
  @IsPgInt({ min: 1 })
  // Every target of either type (openapi.yaml lists them); the service checks it against `type`.
  @IsIn([...AD_TARGETS[0], ...AD_TARGETS[1]], { message: ({ value }) => Msg.invalidChoice(value) })
  target: number;

  @ApiProperty({ maxLength: AD_URL_MAX, description: 'Where a click leads: an http or https URL.', example: 'https://example.com/' })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(AD_URL_MAX, { message: Msg.maxLength(AD_URL_MAX) })
  url: string;

  @ApiProperty({ maxLength: AD_CONTENT_MAX, description: 'The ad text.' })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(AD_CONTENT_MAX, { message: Msg.maxLength(AD_CONTENT_MAX) })
  content: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'Image (JPEG, PNG, WebP or GIF, checked by content; re-encoded as JPEG).' })
  img?: unknown;

  @ApiProperty({ type: [Number], description: 'Exactly 3 tag ids (repeat the key).' })
  @IsDefined({ message: Msg.required })
  @IsPgInt({ min: 1, each: true })
  @ArrayMaxSize(50, { message: Msg.maxItems(50) })
  attributes: number[];

  @ApiPropertyOptional()
  @BoolField()
  is_affiliate?: boolean;

  @ApiPropertyOptional({ maxLength: AD_AFFILIATE_MAX, description: 'Affiliate HTML; kept as links and images only (sanitised on save).' })
  @IsOptional()
  @IsString({ message: Msg.notAString })
  @MaxLength(AD_AFFILIATE_MAX, { message: Msg.maxLength(AD_AFFILIATE_MAX) })
  affiliate_html?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Ignored (the old client sends it; the server counts).' })
  @IsOptional()
  @IsPgInt()
  updateCnt?: number;

  @ApiPropertyOptional({ description: 'Ignored on creation.' })
  @BoolField()
  updateDelFlag?: boolean;
}

export class PostAdsStripeDto {
  @ApiProperty({ description: "The site's own origin; the success and cancel URLs are built on it.", example: 'https://monobook.example', maxLength: 300 })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @MaxLength(300, { message: Msg.maxLength(300) })
  SITE_URL: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: PG_INT_MAX, description: 'The id of your ad to pay for.', example: 1 })
  @IdField()
  data: number;
}

export class AdIdDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: PG_INT_MAX, example: 1 })
  @IdField()
  adsId: number;
}

export class UpdateAdsDto extends AdIdDto {
  @ApiPropertyOptional({ type: 'integer', description: 'The count the old client believes in; the server counts at most one click, whatever it says.' })
  @IsOptional()
  @IsPgInt()
  updateCnt?: number;

  @ApiPropertyOptional({ description: 'true stops the ad (its advertiser only).' })
  @BoolField()
  updateDelFlag?: boolean;

  @ApiPropertyOptional({
    description: 'The single-use `offer` the ad was served with (a click without one is not counted).',
    maxLength: 36,
    example: '00000000-0000-4000-8000-000000000000',
  })
  @IsOptional()
  @IsString({ message: Msg.notAString })
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: Msg.invalidInput })
  offer?: string;
}

export class AdResponse {
  @ApiProperty() id: number;
  @ApiProperty({ enum: [0, 1], type: 'integer' }) type: number;
  @ApiProperty() url: string;
  @ApiProperty({ type: String, nullable: true }) img: string | null;
  @ApiProperty() content: string;
  @ApiProperty() target: number;
  @ApiProperty({ description: 'Views (type 0) or clicks (type 1) counted so far.' }) cnt: number;
  @ApiProperty() delete_flag: boolean;
  @ApiProperty({ type: [Number] }) attributes: number[];
  @ApiProperty() is_affiliate: boolean;
  @ApiProperty({ description: 'Sanitised HTML (links and images only).' }) affiliate_html: string;
  @ApiProperty({ description: "The advertiser's user id." }) userProfile: number;
  @ApiProperty() created: string;
}

export class ServedAdResponse extends AdResponse {
  @ApiProperty({ description: 'Single-use id of this serving: send it with a click to updateAds/.' }) offer: string;
}

export class AdRefusals {
  @ApiProperty({ description: 'The same viewer clicked again within the hour.' }) repeat: number;
  @ApiProperty({ description: 'A click without an unused offer served to that viewer.' }) no_offer: number;
  @ApiProperty({ description: 'The viewer clicked too many ads within the hour.' }) rate_limit: number;
  @ApiProperty({ description: 'A click on an ad that is not running (unpaid, stopped, used up or hidden by a moderator).' }) inactive: number;
}

export class AdViewRefusals {
  @ApiProperty({ description: 'Servings to a viewer who had been served the ad within the hour (not counted).' }) repeat: number;
}

export class AdStatsResponse extends AdResponse {
  @ApiProperty({ description: 'Impressions counted: once per viewer (a visitor by address and user agent) per hour.' }) views: number;
  @ApiProperty({ description: 'Clicks counted.' }) clicks: number;
  @ApiProperty({ description: 'What is left before the ad retires (it retires at target - 1).' }) remaining: number;
  @ApiProperty() paid: boolean;
  @ApiProperty({ description: 'Being served now: paid, not stopped, not used up, not hidden by a moderator.' }) active: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'A moderator hid the ad (the reason, until a moderator restores it), or its advertiser’s account is suspended (until an admin lifts the suspension): it is served to nobody and takes no click meanwhile.',
  })
  moderated_reason: string | null;
  @ApiProperty({ description: 'Price in yen.' }) price: number;
  @ApiProperty({ type: AdRefusals, description: 'Clicks not counted, by reason.' }) refused: AdRefusals;
  @ApiProperty({ type: AdViewRefusals, description: 'Servings not counted as views, by reason.' }) refused_views: AdViewRefusals;
}

export class UpdateAdsResponse {
  @ApiProperty({ description: 'Whether this call counted a click (or stopped the ad).' }) counted: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['repeat', 'no_offer', 'rate_limit', 'inactive', null], description: 'Why a click was not counted.' })
  reason: string | null;
  @ApiProperty() cnt: number;
  @ApiProperty() delete_flag: boolean;
}

export class AdPrice {
  @ApiProperty({ enum: [0, 1], type: 'integer' }) type: number;
  @ApiProperty() target: number;
  @ApiProperty({ description: 'Yen.' }) price: number;
}

export class AdSettingsResponse {
  @ApiProperty({ description: 'Whether ads can be paid for on this site (payments configured).' }) enabled: boolean;
  @ApiProperty({ type: [AdPrice] }) prices: AdPrice[];
}
