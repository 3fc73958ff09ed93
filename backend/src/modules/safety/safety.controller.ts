import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiThrottled, ApiValidationErrors } from '../../common/http/api-responses';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow } from '../../common/http/paging';
import {
  AuditListResponse,
  CreateReportDto,
  ReportCreatedResponse,
  ReportListResponse,
  ResolveReportDto,
  RestoreDto,
  UserRelationListResponse,
  UserTargetDto,
} from './dto/safety.dto';
import { SafetyService } from './safety.service';

const CountQuery = () => ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' });

@ApiTags('safety')
@ApiSecurity('token')
@Controller()
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  @Post('blocks')
  @ApiOperation({
    operationId: 'blockUser',
    summary: 'Block a user',
    description:
      "Ends every follow and request between the two. From then on neither sees the other's posts; the blocked user cannot follow, like, comment on, repost, review-reply to or invite the caller (403), and nothing they do notifies the caller. The blocked user is not told. 400 for oneself.",
  })
  @ApiCreatedResponse({ description: 'Blocked (blocking twice changes nothing).' })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  async block(@CurrentUser() viewer: AuthUser, @Body() dto: UserTargetDto): Promise<void> {
    await this.safety.add(viewer, 'blocks', dto.user_id);
  }

  @Get('blocks')
  @ApiOperation({ operationId: 'listBlocks', summary: 'The users the caller blocked, newest first' })
  @CountQuery()
  @ApiOkResponse({ type: UserRelationListResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  blocks(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<UserRelationListResponse> {
    return this.safety.list(viewer, 'blocks', pageWindow(count));
  }

  @Delete('blocks/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'unblockUser', summary: 'Lift a block (follows ended by it stay ended)' })
  @ApiNoContentResponse()
  @ApiAuthErrors()
  @ApiNotFound()
  async unblock(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.safety.remove(viewer, 'blocks', id);
  }

  @Post('mutes')
  @ApiOperation({
    operationId: 'muteUser',
    summary: 'Mute a user',
    description:
      "The muted user's posts leave the caller's feeds and their acts the caller's notifications; nothing else changes and they are not told. 400 for oneself.",
  })
  @ApiCreatedResponse({ description: 'Muted (muting twice changes nothing).' })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  async mute(@CurrentUser() viewer: AuthUser, @Body() dto: UserTargetDto): Promise<void> {
    await this.safety.add(viewer, 'mutes', dto.user_id);
  }

  @Get('mutes')
  @ApiOperation({ operationId: 'listMutes', summary: 'The users the caller muted, newest first' })
  @CountQuery()
  @ApiOkResponse({ type: UserRelationListResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  mutes(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<UserRelationListResponse> {
    return this.safety.list(viewer, 'mutes', pageWindow(count));
  }

  @Delete('mutes/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'unmuteUser', summary: 'Lift a mute' })
  @ApiNoContentResponse()
  @ApiAuthErrors()
  @ApiNotFound()
  async unmute(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.safety.remove(viewer, 'mutes', id);
  }

  @Post('reports')
  @ApiOperation({
    operationId: 'createReport',
    summary: 'Report a post, comment, Book (page), user, circle (community) or ad',
    description:
      'One open report per reporter and target: a repeat answers the open one. 400 for an unknown target or reason; 429 (Retry-After) past 20 reports an hour.',
  })
  @ApiCreatedResponse({ type: ReportCreatedResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiThrottled()
  report(@CurrentUser() viewer: AuthUser, @Body() dto: CreateReportDto): Promise<ReportCreatedResponse> {
    return this.safety.report(viewer, dto);
  }

  @Get('moderation/reports')
  @ApiOperation({
    operationId: 'listModerationReports',
    summary: 'The report queue (moderators): newest first, with the target, its author and its report count',
  })
  @ApiQuery({ name: 'status', enum: ['open', 'resolved'], required: false })
  @CountQuery()
  @ApiOkResponse({ type: ReportListResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  queue(@CurrentUser() viewer: AuthUser, @Query('status') status?: string, @Query('count') count?: string): Promise<ReportListResponse> {
    const s = status ?? 'open';
    if (s !== 'open' && s !== 'resolved') throw DrfValidationError.field('status', Msg.invalidChoice(s));
    return this.safety.queue(viewer, s, pageWindow(count));
  }

  @Post('moderation/reports/:id/resolve')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'resolveReport',
    summary: 'Resolve a report (moderators): hide its post or comment, dismiss it, or suspend its author',
    description: 'Resolves every open report of the same target, and writes the act to the audit log.',
  })
  @ApiOkResponse({ description: 'Resolved.' })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async resolve(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Body() dto: ResolveReportDto): Promise<void> {
    await this.safety.resolve(viewer, id, dto);
  }

  @Post('moderation/restore')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'restoreContent', summary: 'Show a hidden post or comment again (moderators)' })
  @ApiOkResponse({ description: 'Restored.' })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async restore(@CurrentUser() viewer: AuthUser, @Body() dto: RestoreDto): Promise<void> {
    await this.safety.restore(viewer, dto);
  }

  @Post('moderation/users/:id/unsuspend')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'unsuspendUser', summary: "Lift an account's suspension (admins)" })
  @ApiOkResponse({ description: 'Lifted.' })
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async unsuspend(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.safety.unsuspend(viewer, id, '');
  }

  @Get('moderation/audit')
  @ApiOperation({ operationId: 'listModerationAudit', summary: 'Every moderation action, newest first (moderators): who, when, what, note' })
  @CountQuery()
  @ApiOkResponse({ type: AuditListResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  audit(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<AuditListResponse> {
    return this.safety.auditLog(viewer, pageWindow(count));
  }
}
