import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { trim } from '../../../common/http/transforms';
import { IdField } from '../../follows/dto/follows.dto';
import { ProfileSummaryResponse } from '../../profiles/dto/profile.dto';

export const CIRCLE_TITLE_MAX = 100;
export const CIRCLE_DESCRIPTION_MAX = 2000;

/** Multipart fields of POST create-community/ (the images are the `image` and `background_image` parts). */
export class CreateCircleDto {
  @ApiProperty({ maxLength: CIRCLE_TITLE_MAX })
  @IsDefined({ message: Msg.required })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(CIRCLE_TITLE_MAX, { message: Msg.maxLength(CIRCLE_TITLE_MAX) })
  title: string;

  @ApiProperty({ maxLength: CIRCLE_DESCRIPTION_MAX })
  @IsDefined({ message: Msg.required })
  @IsString()
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(CIRCLE_DESCRIPTION_MAX, { message: Msg.maxLength(CIRCLE_DESCRIPTION_MAX) })
  description: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'The circle icon (JPEG, PNG, WebP or GIF; the client sends a 400×400 JPEG). Required.' })
  image?: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'The cover image (the client picks one of its default backgrounds).' })
  background_image?: unknown;
}

/** POST communityjoin/. */
export class JoinCircleDto {
  @ApiProperty({ description: 'The circle to ask to join.', type: 'integer', minimum: 1 })
  @IdField(true)
  community: number;
}

/** POST community/{id}/invite/. */
export class InviteDto {
  @ApiProperty({ description: 'User id of the person invited.', type: 'integer', minimum: 1 })
  @IdField(true)
  invited_user: number;
}

export class CommunityResponse {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ type: String, nullable: true, description: 'Absolute URL of the icon.' })
  image: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Absolute URL of the cover image.' })
  background_image: string | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;

  @ApiProperty({ format: 'date-time', description: 'The same as created_on (the old server spelled it both ways).' })
  createdon: string;

  @ApiProperty({ example: 'community' })
  item_type: string;

  @ApiProperty({ description: "The owner's user id." })
  owner: number;

  @ApiProperty({ description: 'Books on the bookshelf (made from data files posted to the circle).' })
  page_count: number;

  @ApiProperty()
  member_count: number;

  @ApiProperty()
  post_count: number;

  @ApiProperty({ description: 'Join requests waiting for the owner.' })
  joinrequest_count: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'A moderator hid the circle (the reason, until a moderator restores it), or its owner’s account is suspended (until an admin lifts the suspension): it answers 404 to everyone but its owner and leaves search meanwhile. Null otherwise.',
  })
  moderated_reason: string | null;
}

/** A circle in the caller's own list (mycommunities/), with its unread flag. */
export class MyCommunityResponse extends CommunityResponse {
  @ApiProperty({ description: 'A post arrived since the caller last opened the thread.' })
  newpost_flag: boolean;
}

export const CIRCLE_STATUSES = ['none', 'member', 'join_request_pending', 'invitation_pending'] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];

export class CommunityStatusResponse {
  @ApiProperty({ enum: CIRCLE_STATUSES, description: "The caller's relation to the circle (always none for a visitor)." })
  status: CircleStatus;

  @ApiProperty({ type: Number, nullable: true, description: 'The pending invitation (status invitation_pending), to accept with invitation/{id}/accept/.' })
  invitation_id: number | null;
}

export class NewPostFlagResponse {
  @ApiProperty({ description: 'A post arrived since the caller last opened the thread.' })
  newpost_flag: boolean;
}

export class JoinRequestResponse {
  @ApiProperty()
  id: number;

  @ApiProperty({ description: 'The circle.' })
  community: number;

  @ApiProperty({ description: "The requester's user id (the path parameter of the approve call)." })
  userProfile: number;

  @ApiProperty()
  approved: boolean;

  @ApiProperty({ format: 'date-time' })
  created_on: string;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true })
  profile: ProfileSummaryResponse | null;
}

export class InvitationResponse {
  @ApiProperty()
  id: number;

  @ApiProperty({ description: 'The circle.' })
  community: number;

  @ApiProperty({ description: "The inviter's user id." })
  inviter: number;

  @ApiProperty({ description: "The invited user's id." })
  invited_user: number;

  @ApiProperty()
  accepted: boolean;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}
