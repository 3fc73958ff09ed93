import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IdField } from '../../follows/dto/follows.dto';
import { ProfileSummaryResponse } from '../../profiles/dto/profile.dto';

export const REPORT_TARGETS = ['post', 'comment', 'page', 'user', 'community', 'advertisement'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'copyright', 'privacy', 'other'] as const;
export const MODERATION_ACTIONS = ['hide', 'dismiss', 'suspend_user'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const choice = (values: readonly string[]) => IsIn(values, { message: (a) => Msg.invalidChoice(a.value) });

/** POST blocks/ and mutes/: the user to block or mute. */
export class UserTargetDto {
  @ApiProperty({ description: 'User id.' })
  @IdField(true)
  user_id: number;
}

export class UserRelationResponse {
  @ApiProperty({ description: 'User id of the blocked or muted person.' })
  user_id: number;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true, description: 'Their profile (null when they have none or are leaving).' })
  profile: ProfileSummaryResponse | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}

export class UserRelationListResponse {
  @ApiProperty({ type: [UserRelationResponse] })
  res: UserRelationResponse[];

  @ApiProperty()
  totalCount: number;
}

export class CreateReportDto {
  @ApiProperty({ enum: REPORT_TARGETS })
  @choice(REPORT_TARGETS)
  target_type: ReportTarget;

  @ApiProperty()
  @IdField(true)
  target_id: number;

  @ApiProperty({ enum: REPORT_REASONS })
  @choice(REPORT_REASONS)
  reason: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: Msg.notAString })
  @MaxLength(2000, { message: Msg.invalidInput })
  detail?: string;
}

export class ReportCreatedResponse {
  @ApiProperty()
  id: number;
}

export class ResolveReportDto {
  @ApiProperty({ enum: MODERATION_ACTIONS })
  @choice(MODERATION_ACTIONS)
  action: ModerationAction;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: Msg.notAString })
  @MaxLength(2000, { message: Msg.invalidInput })
  note?: string;
}

export class ReportResponse {
  @ApiProperty() id: number;
  @ApiProperty({ enum: REPORT_TARGETS }) target_type: string;
  @ApiProperty() target_id: number;
  @ApiProperty({ type: String, nullable: true, description: "The reported text (a post or comment; a Book's title), null otherwise." }) target_text:
    string | null;
  @ApiProperty({ type: Number, nullable: true, description: "The target's author (user id)." }) author_id: number | null;
  @ApiProperty({ type: ProfileSummaryResponse, nullable: true }) author: ProfileSummaryResponse | null;
  @ApiProperty({ description: 'How many reports the target has (open and resolved).' }) report_count: number;
  @ApiProperty({ enum: REPORT_REASONS }) reason: string;
  @ApiProperty() detail: string;
  @ApiProperty({ enum: ['open', 'resolved'] }) status: string;
  @ApiProperty({ type: String, nullable: true }) action: string | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ format: 'date-time' }) created_on: string;
}

export class ReportListResponse {
  @ApiProperty({ type: [ReportResponse] }) res: ReportResponse[];
  @ApiProperty() totalCount: number;
}

export class AuditEntryResponse {
  @ApiProperty() id: number;
  @ApiProperty() moderator_id: number;
  @ApiProperty({ type: Number, nullable: true }) report_id: number | null;
  @ApiProperty() target_type: string;
  @ApiProperty() target_id: number;
  @ApiProperty() action: string;
  @ApiProperty() note: string;
  @ApiProperty({ format: 'date-time' }) created_on: string;
}

export class AuditListResponse {
  @ApiProperty({ type: [AuditEntryResponse] }) res: AuditEntryResponse[];
  @ApiProperty() totalCount: number;
}

/** What a moderator can hide (and restore): posts, comments, Books (page), ads, circles (community). */
export const HIDEABLE_TARGETS = ['post', 'comment', 'page', 'advertisement', 'community'] as const;
export type HideableTarget = (typeof HIDEABLE_TARGETS)[number];

/** POST moderation/restore/: show a hidden post, comment or Book again. */
export class RestoreDto {
  @ApiProperty({ enum: HIDEABLE_TARGETS })
  @choice(HIDEABLE_TARGETS)
  target_type: HideableTarget;

  @ApiProperty()
  @IdField(true)
  target_id: number;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: Msg.notAString })
  @MaxLength(2000, { message: Msg.invalidInput })
  note?: string;
}
