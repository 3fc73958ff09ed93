import { type JsonText, JsonTextAnswer } from '../../common/http/json-text';
import { Body, Controller, Get, HttpStatus, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiNotFound, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { DrfDetailError, Msg } from '../../common/http/drf-errors';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow } from '../../common/http/paging';
import {
  MarkAllReadResponse,
  MarkNotificationDto,
  NotificationResponse,
  NotificationSettingsDto,
  NotificationSettingsResponse,
  StreamTicketResponse,
  UnreadNotificationsResponse,
} from './dto/notification.dto';
import { NotificationStreams, STREAM_RETRY_AFTER_SECONDS, TICKET_SECONDS } from './notification-streams.service';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly streams: NotificationStreams,
  ) {}

  @Get('notifications/unread')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getUnreadNotifications', summary: "The caller's unread count and newest unread notifications (at most 50)" })
  @ApiOkResponse({ type: UnreadNotificationsResponse })
  @ApiAuthErrors()
  @JsonTextAnswer()
  unread(@CurrentUser() viewer: AuthUser): Promise<JsonText<UnreadNotificationsResponse>> {
    return this.notifications.unread(viewer);
  }

  @Get('notifications/all')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listNotifications', summary: "The caller's notifications, newest first (count paging, 10 per page)" })
  @ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' })
  @ApiOkResponse({ type: [NotificationResponse] })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @JsonTextAnswer()
  all(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<JsonText<NotificationResponse[]>> {
    return this.notifications.all(viewer, pageWindow(count));
  }

  @Post('notifications/mark-all-read')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'markAllNotificationsRead', summary: "Marks all the caller's notifications read (the dialog closes)" })
  @ApiOkResponse({ type: MarkAllReadResponse })
  @ApiAuthErrors()
  async markAllRead(@CurrentUser() viewer: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<MarkAllReadResponse> {
    reply.status(HttpStatus.OK);
    return { marked: await this.notifications.markAllRead(viewer) };
  }

  @Post('notifications/stream-ticket')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'createNotificationStreamTicket',
    summary: 'A single-use ticket for notifications/stream/, valid 60 s',
    description: 'For an EventSource, which cannot send the Authorization header: the token itself never goes in a URL.',
  })
  @ApiOkResponse({ type: StreamTicketResponse })
  @ApiAuthErrors()
  async ticket(@CurrentUser() viewer: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamTicketResponse> {
    reply.status(HttpStatus.OK);
    return { ticket: await this.streams.issueTicket(viewer.id, viewer.tokenId), expires_in: TICKET_SECONDS };
  }

  @Get('notifications/stream')
  @Public() // the ticket is checked here; the token header by the guard
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'streamNotifications',
    summary: "Server-Sent Events: the caller's unread count and each new notification, live",
    description:
      'Authenticated by `Authorization: Token …` (a fetch-based reader) or by `?ticket=` from notifications/stream-ticket/. ' +
      'Events: `unread` `{"total_unread_count": n}` (at once, and whenever it changes), `notification` (a NotificationResponse). ' +
      'A comment line every 25 s keeps proxies from closing it; it ends when the token is logged out or the account deleted. ' +
      'An account holds at most `NOTIFICATION_STREAMS_PER_ACCOUNT` streams on one API process (default 5): one more is refused with 429 and `Retry-After`; ' +
      'a process holding `NOTIFICATION_STREAMS_MAX` streams answers 503 with `Retry-After` (try again, or another process).',
  })
  @ApiQuery({ name: 'ticket', required: false, description: 'A single-use ticket from notifications/stream-ticket/.' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'An event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiAuthErrors()
  @ApiTooManyRequestsResponse({
    description: 'The account already holds `NOTIFICATION_STREAMS_PER_ACCOUNT` streams on this process; see `Retry-After`.',
    type: DetailResponse,
  })
  @ApiServiceUnavailableResponse({
    description: 'This process holds `NOTIFICATION_STREAMS_MAX` streams (or is shutting down); see `Retry-After`.',
    type: DetailResponse,
  })
  async stream(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @CurrentUser() viewer?: AuthUser): Promise<void> {
    // Read here, not through the query pipes: a visitor's bad ticket is a 401 like any other.
    const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
    let who: { userId: number; tokenId: number } | null = viewer ? { userId: viewer.id, tokenId: viewer.tokenId } : null;
    if (!who && typeof ticket === 'string' && ticket) who = await this.streams.redeemTicket(ticket);
    if (!who) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, ticket === undefined ? Msg.notAuthenticated : Msg.invalidToken);
    // No await from here to open(): the caps are checked and the stream counted in one turn.
    const admission = this.streams.admission(who.userId);
    if (admission === 'account')
      throw new DrfDetailError(HttpStatus.TOO_MANY_REQUESTS, Msg.streamsPerAccount(this.streams.perAccount), {
        'Retry-After': String(STREAM_RETRY_AFTER_SECONDS),
      });
    if (admission === 'process') throw new DrfDetailError(HttpStatus.SERVICE_UNAVAILABLE, Msg.streamsFull, { 'Retry-After': '5' });
    reply.hijack();
    req.raw.socket.setTimeout(0);
    await this.streams.open(who.userId, who.tokenId, reply.raw);
  }

  @Patch('notifications/:id')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'markNotification', summary: "Marks one of the caller's notifications read (or unread); another's is 404" })
  @ApiOkResponse({ type: NotificationResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  mark(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number, @Body() dto: MarkNotificationDto): Promise<NotificationResponse> {
    return this.notifications.mark(viewer, id, dto.read);
  }

  @Get('notification-settings')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getNotificationSettings', summary: "The caller's notification settings, one per type (default all on)" })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiAuthErrors()
  settings(@CurrentUser() viewer: AuthUser): Promise<NotificationSettingsResponse> {
    return this.notifications.settings(viewer);
  }

  @Put('notification-settings')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'putNotificationSettings', summary: 'Changes the given flags; answers the full settings' })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  put(@CurrentUser() viewer: AuthUser, @Body() dto: NotificationSettingsDto): Promise<NotificationSettingsResponse> {
    return this.notifications.updateSettings(viewer, dto);
  }

  @Get('notification-settings/update_notification_settings')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getNotificationSettingsAlias', summary: "The settings, as notification-settings/ (the old client's path)" })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiAuthErrors()
  settingsAlias(@CurrentUser() viewer: AuthUser): Promise<NotificationSettingsResponse> {
    return this.notifications.settings(viewer);
  }

  @Put('notification-settings/update_notification_settings')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'updateNotificationSettings', summary: "Changes the given flags; answers the full settings (the old client's path)" })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  update(@CurrentUser() viewer: AuthUser, @Body() dto: NotificationSettingsDto): Promise<NotificationSettingsResponse> {
    return this.notifications.updateSettings(viewer, dto);
  }
}
