import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { AccountRateLimited } from '../../common/http/rate-limit';
import { NoFilesInterceptor } from '@nestjs/platform-fastify/multipart';
import { ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiThrottled, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { AccessLogRateLimitGuard } from '../../common/http/client-rate-limit';
import { Msg } from '../../common/http/drf-errors';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow } from '../../common/http/paging';
import { ProfileResponse } from '../profiles/dto/profile.dto';
import {
  AccessLogDto,
  ApprovalDto,
  CombinedSearchItem,
  DeleteRequestDto,
  FollowCheckResponse,
  FollowCountsResponse,
  FollowRequestResponse,
} from './dto/follows.dto';
import { FollowsService } from './follows.service';

const CountQuery = () => ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' });

@ApiTags('follows')
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post('approval')
  @ApiSecurity('token')
  @AccountRateLimited('follow')
  @ApiThrottled()
  @UseInterceptors(NoFilesInterceptor()) // the old client sends a form (multipart); JSON works too
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({
    operationId: 'postApproval',
    summary: 'Ask to follow a user (approved false), or approve a request sent to the caller (approved true)',
    description:
      'Asking: `askTo` is whom to follow. Approving: the requester is `askFrom` (then `askTo` must be the caller) or, without `askFrom`, `askTo`. ' +
      'Only the requested user approves (403 otherwise). A follow counts (lists, counts, home feed) once approved.',
  })
  @ApiCreatedResponse({ type: FollowRequestResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  approval(@CurrentUser() viewer: AuthUser, @Body() dto: ApprovalDto): Promise<FollowRequestResponse> {
    return this.follows.approval(viewer, dto);
  }

  @Post('approval/delete_request')
  @ApiSecurity('token')
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('application/json', 'multipart/form-data')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'deleteFollowRequest', summary: 'Unfollow or withdraw a request (the requester), or remove a follower (the requested)' })
  @ApiNoContentResponse()
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async deleteRequest(@CurrentUser() viewer: AuthUser, @Body() dto: DeleteRequestDto): Promise<void> {
    await this.follows.deleteRequest(viewer, dto);
  }

  @Get('approval/Followinguser/:id')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listSentFollowRequests', summary: "Follow requests the user sent, approved or not (the user's own only)" })
  @CountQuery()
  @ApiOkResponse({ type: [FollowRequestResponse] })
  @ApiAuthErrors()
  @ApiForbidden()
  sent(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Query('count') count?: string): Promise<FollowRequestResponse[]> {
    return this.follows.requestsOf(viewer, id, 'sent', pageWindow(count));
  }

  @Get('approval/Followeduser/:id')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listReceivedFollowRequests', summary: "Follow requests the user received, approved or not (the user's own only)" })
  @CountQuery()
  @ApiOkResponse({ type: [FollowRequestResponse] })
  @ApiAuthErrors()
  @ApiForbidden()
  received(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Query('count') count?: string): Promise<FollowRequestResponse[]> {
    return this.follows.requestsOf(viewer, id, 'received', pageWindow(count));
  }

  @Get('approval/followcheck/:id')
  @Public()
  // Readable by visitors (no token: both false) and by users (their own request): the token is optional.
  @ApiSecurity({})
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'followCheck',
    summary: 'Whether the caller has asked to follow the user, and whether it is approved',
    description:
      'A visitor may call it (the token is optional) and always gets `{"following": false, "approved": false}`; a logged-in caller gets their own request to the user.',
  })
  @ApiOkResponse({ type: FollowCheckResponse })
  followCheck(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<FollowCheckResponse> {
    return this.follows.check(viewer, id);
  }

  @Get('followeduser/:id')
  @Public()
  @ApiOperation({
    operationId: 'listFollowers',
    summary: "The user's followers (approved), latest first; without the users the caller blocked or was blocked by",
  })
  @CountQuery()
  @ApiOkResponse({ type: [ProfileResponse] })
  @ApiValidationErrors()
  followers(@Param('id', IdParamPipe) id: number, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<ProfileResponse[]> {
    return this.follows.people(id, 'followers', pageWindow(count), viewer);
  }

  @Get('followinguser/:id')
  @Public()
  @ApiOperation({
    operationId: 'listFollowing',
    summary: 'Users the user follows (approved), latest first; without the users the caller blocked or was blocked by',
  })
  @CountQuery()
  @ApiOkResponse({ type: [ProfileResponse] })
  @ApiValidationErrors()
  following(@Param('id', IdParamPipe) id: number, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<ProfileResponse[]> {
    return this.follows.people(id, 'following', pageWindow(count), viewer);
  }

  @Get('follower_following_counts/:id')
  @Public()
  @ApiOperation({ operationId: 'getFollowCounts', summary: 'Following, followed and circle counts of a user' })
  @ApiOkResponse({ type: FollowCountsResponse })
  counts(@Param('id', IdParamPipe) id: number): Promise<FollowCountsResponse> {
    return this.follows.counts(id);
  }

  @Get('profilecc')
  @Public()
  @ApiOperation({
    operationId: 'listRecommendedProfiles',
    summary: 'People to follow: newest profiles, without the caller and those the caller asked to follow',
  })
  @CountQuery()
  @ApiOkResponse({ type: [ProfileResponse] })
  @ApiValidationErrors()
  recommended(@Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<ProfileResponse[]> {
    return this.follows.recommended(viewer, pageWindow(count));
  }

  @Get('combinedsearch')
  @Public()
  @ApiOperation({ operationId: 'combinedSearch', summary: 'Search users and circles by words (Japanese and English); empty lists the newest' })
  @ApiQuery({ name: 'q', required: false })
  @CountQuery()
  @ApiOkResponse({ type: [CombinedSearchItem] })
  @ApiValidationErrors()
  combinedSearch(@Query('q') q?: string, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<CombinedSearchItem[]> {
    return this.follows.combinedSearch(typeof q === 'string' ? q : undefined, pageWindow(count), viewer);
  }

  @Post('access-log')
  @Public()
  @UseGuards(AccessLogRateLimitGuard)
  @ApiOperation({
    operationId: 'postAccessLog',
    summary: 'Record a visit of a profile, Book or circle',
    description:
      'The id field of the type is required and may not be null. An id that names no object (a profile of a deleted account, a Book that does not exist; ' +
      'circles do not exist yet) is a 400 on that field, `Invalid pk "<id>" - object does not exist.`, as DRF\'s PrimaryKeyRelatedField answers; nothing is logged. ' +
      'Rate limited per user (visitors: per IP), `ACCESS_LOG_RATE_LIMIT` calls a minute: 429 with `Retry-After` over it.',
  })
  @ApiCreatedResponse({ type: DetailResponse })
  @ApiValidationErrors()
  @ApiThrottled()
  async accessLog(@Body() dto: AccessLogDto, @CurrentUser() viewer?: AuthUser): Promise<DetailResponse> {
    await this.follows.logAccess(viewer, dto);
    return { detail: Msg.logged };
  }
}
