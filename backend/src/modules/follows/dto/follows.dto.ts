import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { toBool, toInt } from '../../../common/http/transforms';
import { ProfileSummaryResponse } from '../../profiles/dto/profile.dto';

const MAX_INT = 2147483647;

/** A user id field: a positive PostgreSQL integer. */
export const IdField = (required: boolean) =>
  applyDecorators(
    required ? IsDefined({ message: Msg.required }) : IsOptional(),
    Transform(toInt),
    IsInt({ message: Msg.invalidInt }),
    Min(1, { message: Msg.invalidInt }),
    Max(MAX_INT, { message: Msg.invalidInt }),
  );

/**
 * POST approval/. Without `approved` (or false): the caller asks to follow `askTo`. With
 * `approved: true`: the caller approves a request sent to them — the requester is `askFrom`
 * (then `askTo`, when sent, must be the caller), or `askTo` when `askFrom` is absent (the old
 * client's approve button sends the requester as `askTo`).
 */
export class ApprovalDto {
  @ApiProperty({ description: 'User id: whom to follow, or (approving without askFrom) the requester.' })
  @IdField(true)
  askTo: number;

  @ApiPropertyOptional({ description: 'User id of the requester (approving), or the caller (requesting).' })
  @IdField(false)
  askFrom?: number;

  @ApiPropertyOptional({ description: 'true approves a request sent to the caller.' })
  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: Msg.invalidBool })
  approved?: boolean;
}

/** POST approval/delete_request/: withdraw a request or unfollow (askFrom), or remove a follower (askTo). */
export class DeleteRequestDto {
  @ApiProperty({ description: 'User id of the requester.' })
  @IdField(true)
  askFrom: number;

  @ApiProperty({ description: 'User id of the requested.' })
  @IdField(true)
  askTo: number;
}

export const ACCESS_LOG_TYPES = ['profile', 'page', 'community'] as const;

/** POST access-log/: one visit of a profile, Book or circle. */
export class AccessLogDto {
  @ApiProperty({ enum: ACCESS_LOG_TYPES })
  @IsDefined({ message: Msg.required })
  @IsIn(ACCESS_LOG_TYPES, { message: Msg.invalidAccessLogType })
  type: (typeof ACCESS_LOG_TYPES)[number];

  @ApiPropertyOptional({ description: 'Profile id, with type profile.' })
  @IdField(false)
  profile_id?: number;

  @ApiPropertyOptional({ description: 'Book id, with type page.' })
  @IdField(false)
  page_id?: number;

  @ApiPropertyOptional({ description: 'Circle id, with type community.' })
  @IdField(false)
  community_id?: number;
}

export class FollowRequestResponse {
  @ApiProperty()
  id: number;

  @ApiProperty({ description: 'User id of the requester.' })
  askFrom: number;

  @ApiProperty({ description: 'User id of the requested.' })
  askTo: number;

  @ApiProperty({ description: 'Approved by askTo.' })
  approved: boolean;

  @ApiProperty({ format: 'date-time' })
  created_on: string;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true })
  askFromProfile: ProfileSummaryResponse | null;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true })
  askToProfile: ProfileSummaryResponse | null;
}

export class FollowCheckResponse {
  @ApiProperty({ description: 'The caller has asked to follow the user (shown as following), approved or not.' })
  following: boolean;

  @ApiProperty({ description: 'The request is approved.' })
  approved: boolean;
}

export class FollowCountsResponse {
  @ApiProperty()
  following_count: number;

  @ApiProperty()
  followed_count: number;

  @ApiProperty({ description: 'Circles joined.' })
  community_count: number;
}

export class CombinedSearchItem {
  @ApiProperty({ enum: ['user', 'community'] })
  type: 'user' | 'community';

  @ApiProperty({ description: 'Profile id, or circle id.' })
  id: number;

  @ApiProperty({ type: Number, nullable: true, description: "The user's id (null for a circle)." })
  userProfile: number | null;

  @ApiProperty({ description: 'Nickname, or circle title.' })
  title: string;

  @ApiProperty()
  caption: string;

  @ApiProperty({ type: String, nullable: true })
  img: string | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}
