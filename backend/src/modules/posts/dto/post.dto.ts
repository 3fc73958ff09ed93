import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsDivisibleBy, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { toBool, toInt } from '../../../common/http/transforms';
import { PageResponse } from '../../books/dto/page.dto';
import { IdField } from '../../follows/dto/follows.dto';
import { ProfileSummaryResponse } from '../../profiles/dto/profile.dto';

export const POST_TEXT_MAX = 5000;
export const COMMENT_TEXT_MAX = 1000;
export const RATING_STEP = 5;

/** A multipart list is sent by repeating the key; one value is a list of one; '' alone is the empty list. */
const toIntList = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null) return value;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => v !== '').map((v) => toInt({ value: v }));
};

const BoolField = () => applyDecorators(IsOptional(), Transform(toBool), IsBoolean({ message: Msg.invalidBool }));

const IdListField = () =>
  applyDecorators(
    IsOptional(),
    Transform(toIntList),
    IsArray({ message: Msg.expectedList }),
    ArrayMaxSize(100, { message: Msg.maxItems(100) }),
    IsInt({ each: true, message: Msg.invalidInt }),
    Min(1, { each: true, message: Msg.invalidInt }),
    Max(2147483647, { each: true, message: Msg.invalidInt }),
  );

/** Fields the author may change with PUT monopost/{id}/ (only the fields sent are changed). */
export class PostEditableFields {
  @ApiPropertyOptional({ maxLength: POST_TEXT_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(POST_TEXT_MAX, { message: Msg.maxLength(POST_TEXT_MAX) })
  text?: string;

  @ApiPropertyOptional({ minimum: 5, maximum: 100, multipleOf: RATING_STEP, description: 'Review rating in percent (reviews only).' })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: Msg.invalidInt })
  @Min(5, { message: Msg.minValue(5) })
  @Max(100, { message: Msg.maxValue(100) })
  @IsDivisibleBy(RATING_STEP, { message: Msg.multipleOf(RATING_STEP) })
  rating?: number;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Image (JPEG, PNG, WebP or GIF; cropped 2:1 by the client, re-encoded as JPEG).' })
  img?: unknown;

  @ApiPropertyOptional()
  @BoolField()
  new_data_flag?: boolean;

  @ApiPropertyOptional()
  @BoolField()
  purepost_flag?: boolean;
}

/** POST monopost/ (multipart or JSON). */
export class CreatePostDto extends PostEditableFields {
  @ApiPropertyOptional({ description: 'The Book reviewed or posted about.' })
  @IdField(false)
  reviewTo?: number;

  @ApiPropertyOptional({ description: 'true for a repost of `repostingFrom`.' })
  @BoolField()
  reposting?: boolean;

  @ApiPropertyOptional({ description: 'The post reposted (a repost of a repost reposts the original).' })
  @IdField(false)
  repostingFrom?: number;

  @ApiPropertyOptional({ description: "Ignored: the server takes the reposted post's author." })
  @IdField(false)
  repostingFromUser?: number;

  @ApiPropertyOptional({
    description: 'A circle post (needs communities; the caller must be a member of each). A post with communities is a circle post whatever this flag says.',
  })
  @BoolField()
  communitypost_flag?: boolean;

  @ApiPropertyOptional({ type: [Number], description: 'Circle ids (repeat the key in multipart).' })
  @IdListField()
  communities?: number[];
}

/** PUT monopost/{id}/: the author changes fields; anyone logged in adds or removes only themselves in `liked`. */
export class UpdatePostDto extends PostEditableFields {
  @ApiPropertyOptional({
    type: [Number],
    description:
      "The likers as the client sees them: the caller's own id to like, without it to unlike. Any other id is refused (403). " +
      'Multipart: repeat the key; one empty value for an empty list.',
  })
  @IdListField()
  liked?: number[];
}

export class CreateCommentDto {
  @ApiProperty({ maxLength: COMMENT_TEXT_MAX })
  @IsDefined({ message: Msg.required })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: Msg.blank })
  @MaxLength(COMMENT_TEXT_MAX, { message: Msg.maxLength(COMMENT_TEXT_MAX) })
  text: string;

  @ApiProperty({ description: 'The post commented on.' })
  @IdField(true)
  post: number;
}

export class PostResponse {
  @ApiProperty()
  id: number;

  @ApiProperty()
  text: string;

  @ApiProperty({ type: String, nullable: true, description: 'Image URL.' })
  img: string | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Review rating in percent.' })
  rating: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Id of the Book the post is about.' })
  reviewTo: number | null;

  @ApiProperty({ type: PageResponse, nullable: true, description: 'That Book.' })
  reviewToPage: PageResponse | null;

  @ApiProperty()
  reposting: boolean;

  @ApiProperty({ type: Number, nullable: true })
  repostingFrom: number | null;

  @ApiProperty({ type: Number, nullable: true, description: "User id of the reposted post's author." })
  repostingFromUser: number | null;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true })
  repostingProfile: ProfileSummaryResponse | null;

  @ApiProperty()
  new_data_flag: boolean;

  @ApiProperty()
  purepost_flag: boolean;

  @ApiProperty()
  communitypost_flag: boolean;

  @ApiProperty({ type: [Number] })
  communities: number[];

  @ApiProperty({ type: [String], description: 'Titles of the circles (empty until circles exist).' })
  communities_info: string[];

  @ApiProperty({ type: [Number], description: "The caller's own id when the caller likes the post, else empty (the count is likedTimes)." })
  liked: number[];

  @ApiProperty({ description: "The author's user id." })
  userPost: number;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true })
  userPostProfile: ProfileSummaryResponse | null;

  @ApiProperty({ description: 'Title of the Book the post is about ("" otherwise).' })
  title: string;

  @ApiProperty()
  commentedCounts: number;

  @ApiProperty()
  repostedTimes: number;

  @ApiProperty()
  likedTimes: number;

  @ApiProperty()
  is_liked: boolean;

  @ApiProperty()
  is_reposted: boolean;

  @ApiProperty()
  is_commented: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Only ever set for its author: a moderator hid the post (the reason), or the spam brake holds it for the moderators (HELD_REASON); nobody else gets it meanwhile. Null otherwise.',
  })
  moderated_reason: string | null;
}

export class RatingAggregate {
  @ApiProperty({ type: Number, nullable: true, description: 'Sum of the ratings of the whole list (null without ratings).' })
  rating__sum: number | null;
}

export class PostListResponse {
  @ApiProperty({ type: [PostResponse] })
  res: PostResponse[];

  @ApiProperty({ description: 'Posts in the whole list.' })
  totalCount: number;

  @ApiProperty({ type: RatingAggregate })
  aggregate: RatingAggregate;
}

export class PostInteractionsResponse {
  @ApiProperty()
  is_liked: boolean;

  @ApiProperty()
  is_reposted: boolean;

  @ApiProperty()
  is_commented: boolean;
}

export class CommentResponse {
  @ApiProperty()
  id: number;

  @ApiProperty()
  text: string;

  @ApiProperty({ description: 'Post id.' })
  post: number;

  @ApiProperty({ description: "The author's user id." })
  userComment: number;

  @ApiProperty({ description: "The author's user id (as the old API names it)." })
  userProfile: number;

  @ApiProperty({ type: ProfileSummaryResponse, nullable: true })
  profile: ProfileSummaryResponse | null;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}

export class CommentsResponse {
  @ApiProperty({ type: [CommentResponse] })
  comments_with_profiles: CommentResponse[];

  @ApiProperty({ description: 'Comments on the post.' })
  totalCount: number;
}

export class CombinedItem {
  @ApiProperty({ enum: ['post', 'page'] })
  type: 'post' | 'page';

  @ApiPropertyOptional({ type: PostResponse })
  post?: PostResponse;

  @ApiPropertyOptional({ type: PageResponse })
  page?: PageResponse;
}
