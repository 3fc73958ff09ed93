import type { NotificationResponse } from './generated';

// Names used inside the app for the generated wire types; only this file follows renames in
// openapi.yaml.
export type {
  ProfileResponse as Profile,
  ProfileFieldsDto as ProfileForm,
  PageResponse as Book,
  PageFile as BookFile,
  AttributeResponse as Tag,
  UploadedFileResponse as UploadedFile,
  UploadFieldsDto as UploadForm,
  PostResponse as Post,
  CommentResponse as PostComment,
  FollowRequestResponse as FollowRequest,
  CombinedSearchItem,
  CommunityResponse as Circle,
  MyCommunityResponse as MyCircle,
  JoinRequestResponse as CircleJoinRequest,
  NotificationResponse as Notification,
  NotificationSettingsResponse as NotificationSettings,
  AdStatsResponse as AdStats,
  ServedAdResponse as ServedAd,
  AdSettingsResponse as AdSettings,
  CreateAdDto as NewAd,
} from './generated';

/** Book languages (and tag languages). */
export type BookLanguage = 'ja' | 'en';

/** A downloaded file, ready to save: an object URL the caller must revoke, and the file name. */
export type DownloadedFile = { objectUrl: string; fileName: string | null };

/** Where the viewer stands in a circle (getCommunityStatus). */
export type CircleStatus = 'none' | 'member' | 'join_request_pending' | 'invitation_pending';

/** The kinds of notification (NotificationResponse's type). */
export type NotificationType = NotificationResponse['type'];

/** A generated list call's argument without its page index (the scroll list's infinite query adds it). */
export type ListArg<Arg> = Omit<Arg, 'count'>;
