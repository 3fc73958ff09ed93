import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { toBool } from '../../../common/http/transforms';
import { ProfileSummaryResponse } from '../../profiles/dto/profile.dto';

/**
 * The notification types; each is also a boolean setting of the same name (default on). The
 * three `report_*` types tell a reporter how a moderator resolved their report (the content was
 * hidden, the report dismissed, the account suspended); their actor is the reporter (no moderator
 * is named) and their object the report.
 */
export const NOTIFICATION_TYPES = [
  'post_liked',
  'post_commented',
  'post_reposted',
  'user_followed',
  'data_generated',
  'book_posted',
  'data_book_followed',
  'data_book_owned',
  'followingpage_commented',
  'followinguser_book_generated',
  'community_invited',
  'community_joinrequest_approved',
  'report_hidden',
  'report_dismissed',
  'report_suspended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export class NotificationResponse {
  @ApiProperty()
  id: number;

  @ApiProperty({ enum: NOTIFICATION_TYPES })
  type: NotificationType;

  @ApiProperty()
  read: boolean;

  @ApiProperty({ format: 'date-time' })
  created_on: string;

  @ApiProperty({ type: Number, nullable: true, description: 'The post the act concerns (liked, commented, reposted, or a post about a Book).' })
  post: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'The comment (post_commented).' })
  comment: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'The Book (wire: page).' })
  page: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'The circle (community types).' })
  community: number | null;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true, description: 'Who acted; null when their account is gone (NotificationEach13).' })
  relatedUser: ProfileSummaryResponse | null;

  @ApiProperty({ type: String, nullable: true, description: "The comment's or post's text, or the Book's title; null when it is gone or the type has none." })
  preview: string | null;

  @ApiProperty({ description: 'The post or Book it links to no longer exists (NotificationEach12).' })
  target_gone: boolean;
}

export class UnreadNotificationsResponse {
  @ApiProperty()
  total_unread_count: number;

  @ApiProperty({ type: [NotificationResponse], description: 'The newest unread notifications (at most 50).' })
  notifications: NotificationResponse[];
}

export class MarkAllReadResponse {
  @ApiProperty({ description: 'How many notifications were marked read.' })
  marked: number;
}

export class MarkNotificationDto {
  @ApiProperty({ description: 'true marks it read, false unread.' })
  @IsDefined({ message: Msg.required })
  @Transform(toBool)
  @IsBoolean({ message: Msg.invalidBool })
  read: boolean;
}

export class StreamTicketResponse {
  @ApiProperty({ description: 'Single use, valid 60 s: GET notifications/stream/?ticket=…' })
  ticket: string;

  @ApiProperty({ description: 'Seconds the ticket is valid.' })
  expires_in: number;
}

const Flag = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: Boolean })(target, key);
  IsOptional()(target, key);
  Transform(toBool)(target, key);
  IsBoolean({ message: Msg.invalidBool })(target, key);
};

/** PUT notification-settings/: any of the flags; the others keep their value. */
export class NotificationSettingsDto {
  @Flag() post_liked?: boolean;
  @Flag() post_commented?: boolean;
  @Flag() post_reposted?: boolean;
  @Flag() user_followed?: boolean;
  @Flag() data_generated?: boolean;
  @Flag() book_posted?: boolean;
  @Flag() data_book_followed?: boolean;
  @Flag() data_book_owned?: boolean;
  @Flag() followingpage_commented?: boolean;
  @Flag() followinguser_book_generated?: boolean;
  @Flag() community_invited?: boolean;
  @Flag() community_joinrequest_approved?: boolean;
  @Flag() report_hidden?: boolean;
  @Flag() report_dismissed?: boolean;
  @Flag() report_suspended?: boolean;
}

export class NotificationSettingsResponse {
  @ApiProperty() post_liked: boolean;
  @ApiProperty() post_commented: boolean;
  @ApiProperty() post_reposted: boolean;
  @ApiProperty() user_followed: boolean;
  @ApiProperty() data_generated: boolean;
  @ApiProperty() book_posted: boolean;
  @ApiProperty() data_book_followed: boolean;
  @ApiProperty() data_book_owned: boolean;
  @ApiProperty() followingpage_commented: boolean;
  @ApiProperty() followinguser_book_generated: boolean;
  @ApiProperty() community_invited: boolean;
  @ApiProperty() community_joinrequest_approved: boolean;
  @ApiProperty() report_hidden: boolean;
  @ApiProperty() report_dismissed: boolean;
  @ApiProperty() report_suspended: boolean;
}
