import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor, NoFilesInterceptor } from '@nestjs/platform-fastify/multipart';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ProfileRequiredGuard } from '../../common/access/profile-required.guard';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiValidationErrors } from '../../common/http/api-responses';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow, parseId } from '../../common/http/paging';
import { PageResponse } from '../books/dto/page.dto';
import { PostListResponse } from '../posts/dto/post.dto';
import { ProfileResponse } from '../profiles/dto/profile.dto';
import { CircleCreation } from './circle-creation.service';
import { CircleInvitations } from './circle-invitations.service';
import { CircleMembership } from './circle-membership.service';
import { CircleReads } from './circle-reads.service';
import { CircleShelf } from './circle-shelf.service';
import { CircleThread } from './circle-thread.service';
import {
  CommunityResponse,
  CommunityStatusResponse,
  CreateCircleDto,
  InvitationResponse,
  InviteDto,
  JoinCircleDto,
  JoinRequestResponse,
  MyCommunityResponse,
  NewPostFlagResponse,
} from './dto/circle.dto';

const CountQuery = () => ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' });
// Size limits come from MultipartModule in circles.module.ts (IMAGE_MAX_BYTES).
const IMAGES = FileFieldsInterceptor([
  { name: 'image', maxCount: 1 },
  { name: 'background_image', maxCount: 1 },
]);

export interface CircleImages {
  image?: UploadedMultipartFile[];
  background_image?: UploadedMultipartFile[];
}

@ApiTags('circles')
@Controller()
export class CirclesController {
  constructor(
    private readonly reads: CircleReads,
    private readonly membership: CircleMembership,
    private readonly invitations: CircleInvitations,
    private readonly shelf: CircleShelf,
    private readonly thread: CircleThread,
    private readonly creation: CircleCreation,
  ) {}

  @Get('community/:id')
  @Public()
  @ApiOperation({ operationId: 'getCommunity', summary: 'A circle: its header (public), with its stored counts' })
  @ApiOkResponse({ type: CommunityResponse })
  @ApiNotFound()
  get(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<CommunityResponse> {
    return this.reads.get(id, viewer);
  }

  @Get('community_status/:id')
  @Public()
  @ApiSecurity({})
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'getCommunityStatus',
    summary: "The caller's relation to a circle: none, member, join_request_pending or invitation_pending",
    description: 'A visitor may call it (the token is optional) and always gets `none`.',
  })
  @ApiOkResponse({ type: CommunityStatusResponse })
  @ApiNotFound()
  status(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<CommunityStatusResponse> {
    return this.reads.status(viewer, id);
  }

  @Get('community/:id/monopages-with-files')
  @Public()
  @ApiOperation({ operationId: 'listCommunityBooks', summary: "The circle's bookshelf: Books made from data files posted to the circle, newest first" })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  @ApiValidationErrors()
  @ApiNotFound()
  books(@Param('id', IdParamPipe) id: number, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.shelf.page(id, pageWindow(count), viewer);
  }

  @Get('community/:id/members')
  @Public()
  @ApiOperation({ operationId: 'listCommunityMembers', summary: "The circle's members, the longest-standing first (the owner among them)" })
  @CountQuery()
  @ApiOkResponse({ type: [ProfileResponse] })
  @ApiValidationErrors()
  @ApiNotFound()
  members(@Param('id', IdParamPipe) id: number, @Query('count') count?: string): Promise<ProfileResponse[]> {
    return this.membership.members(id, pageWindow(count));
  }

  @Get('community/:id/joinrequests-pending')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listPendingJoinRequests', summary: 'Join requests waiting for approval, oldest first (the owner only)' })
  @CountQuery()
  @ApiOkResponse({ type: [JoinRequestResponse] })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  pending(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Query('count') count?: string): Promise<JoinRequestResponse[]> {
    return this.membership.pendingRequests(viewer, id, pageWindow(count));
  }

  @Get('user/:id/communities')
  @Public()
  @ApiOperation({ operationId: 'listUserCommunities', summary: 'The circles a user belongs to, latest joined first' })
  @CountQuery()
  @ApiOkResponse({ type: [CommunityResponse] })
  @ApiValidationErrors()
  ofUser(@Param('id', IdParamPipe) userId: number, @Query('count') count?: string): Promise<CommunityResponse[]> {
    return this.reads.ofUser(userId, pageWindow(count));
  }

  @Get('communityposts/:id')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'listCommunityPosts',
    summary: "The circle's thread, newest first (members only)",
    description: 'Reading the first page (count 0 or absent) marks the thread as seen: `newpost_flag` turns false until the next post.',
  })
  @CountQuery()
  @ApiOkResponse({ type: PostListResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  posts(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Query('count') count?: string): Promise<PostListResponse> {
    return this.thread.page(viewer, id, pageWindow(count));
  }

  @Get('mycommunities')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listMyCommunities', summary: "The caller's circles, latest joined first, with their unread flag" })
  @CountQuery()
  @ApiOkResponse({ type: [MyCommunityResponse] })
  @ApiValidationErrors()
  @ApiAuthErrors()
  mine(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<MyCommunityResponse[]> {
    return this.reads.mine(viewer, pageWindow(count));
  }

  @Get('community-new-post')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'getCommunityNewPost',
    summary: 'Whether a post arrived in the circle since the caller last opened its thread (false for a non-member)',
  })
  @ApiQuery({ name: 'communityid', type: Number, required: true })
  @ApiOkResponse({ type: NewPostFlagResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  newPost(@CurrentUser() viewer: AuthUser, @Query('communityid') communityId?: string): Promise<NewPostFlagResponse> {
    return this.reads.newPostFlag(viewer, parseId(communityId, 'communityid'));
  }

  @Post('create-community')
  @ApiSecurity('token')
  @UseGuards(ProfileRequiredGuard)
  @UseInterceptors(IMAGES)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ operationId: 'createCommunity', summary: 'Create a circle; the caller becomes its owner and first member (a profile is required)' })
  @ApiCreatedResponse({ type: CommunityResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  create(@CurrentUser() viewer: AuthUser, @Body() dto: CreateCircleDto, @UploadedFiles() files: CircleImages = {}): Promise<CommunityResponse> {
    return this.creation.create(viewer, dto, files);
  }

  @Post('communityjoin')
  @ApiSecurity('token')
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({
    operationId: 'joinCommunity',
    summary: 'Ask to join a circle (the owner approves); asking again changes nothing',
    description: 'Answers the join request (the existing one when asked again). A member is refused with 400.',
  })
  @ApiCreatedResponse({ type: JoinRequestResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  join(@CurrentUser() viewer: AuthUser, @Body() dto: JoinCircleDto): Promise<JoinRequestResponse> {
    return this.membership.requestToJoin(viewer, dto.community);
  }

  @Post('invitation/:id/accept')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'acceptInvitation', summary: 'Accept an invitation and join the circle (the invited user only)' })
  @ApiOkResponse({ type: InvitationResponse })
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  accept(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<InvitationResponse> {
    return this.invitations.accept(viewer, id);
  }

  @Post('community/:id/invite')
  @ApiSecurity('token')
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({
    operationId: 'inviteToCommunity',
    summary: 'A member invites a user to the circle; inviting an already-invited user changes nothing',
    description: 'Answers the invitation (the existing one when invited again). Inviting a member is refused with 400; a non-member inviter with 403.',
  })
  @ApiCreatedResponse({ type: InvitationResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  invite(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Body() dto: InviteDto): Promise<InvitationResponse> {
    return this.invitations.invite(viewer, id, dto.invited_user);
  }

  @Post('community/:id/join-request/approve/:userProfile')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'approveJoinRequest', summary: "Approve a user's join request (the owner only); approving again changes nothing" })
  @ApiOkResponse({ type: JoinRequestResponse })
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  approve(
    @CurrentUser() viewer: AuthUser,
    @Param('id', IdParamPipe) id: number,
    @Param('userProfile', IdParamPipe) userId: number,
  ): Promise<JoinRequestResponse> {
    return this.membership.approve(viewer, id, userId);
  }
}
