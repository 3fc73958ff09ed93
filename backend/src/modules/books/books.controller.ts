import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Ip, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiValidationErrors, DetailResponse } from '../../common/http/api-responses';
import { Msg } from '../../common/http/drf-errors';
import { IdParamPipe, notFound } from '../../common/http/id-param.pipe';
import { PG_INT_MAX } from '../../common/http/transforms';
import { pageWindow, parseId } from '../../common/http/paging';
import { OwningPageDto, PageIdDto, PagePreviewResponse, PageResponse, PageStatusResponse } from './dto/page.dto';
import { BookCreation } from './book-creation.service';
import { BookFollows } from './book-follows.service';
import { BookLists } from './book-lists.service';
import { BookOwnership } from './book-ownership.service';
import { BookReads } from './book-reads.service';
import { BookViews } from './book-views.service';

class PageFollowResponse {
  @ApiProperty()
  id: number;

  @ApiProperty()
  pageId: number;

  @ApiProperty({ format: 'date-time' })
  created_on: string;
}

class OwnedResponse {
  @ApiProperty({ example: 'You own this Book now.' })
  detail: string;

  @ApiProperty()
  pageId: number;
}

const CountQuery = () => ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' });

@ApiTags('books')
@Controller()
export class BooksController {
  constructor(
    private readonly reads: BookReads,
    private readonly lists: BookLists,
    private readonly follows: BookFollows,
    private readonly ownership: BookOwnership,
    private readonly views: BookViews,
    private readonly creation: BookCreation,
  ) {}

  @Get('monopage/get-page-info')
  @Public()
  @ApiOperation({ operationId: 'getPageInfo', summary: 'A Book, as the viewer may see it' })
  @ApiQuery({ name: 'pageId', type: Number, required: true })
  @ApiOkResponse({ type: PageResponse })
  @ApiValidationErrors()
  @ApiNotFound()
  info(@Query('pageId') pageId: string | undefined, @CurrentUser() viewer?: AuthUser): Promise<PageResponse> {
    return this.reads.info(parseId(pageId, 'pageId'), viewer);
  }

  @Get('monopage/:id/preview')
  @Public()
  @ApiOperation({
    operationId: 'getPagePreview',
    summary: "The first 20 rows of a Book's table, for those who may download its file (owners, contributors, buyers; anyone for a free Book)",
  })
  @ApiOkResponse({ type: PagePreviewResponse })
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  preview(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<PagePreviewResponse> {
    return this.reads.preview(id, viewer);
  }

  @Post('monopage/:id/make-public')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'makePagePublic',
    summary: 'Make a members-only Book (made from data posted to circles) public: its creator only. Answers the Book as get-page-info does',
  })
  @ApiOkResponse({ type: PageResponse })
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  makePublic(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer: AuthUser): Promise<PageResponse> {
    return this.creation.makePublic(viewer, id);
  }

  @Get('monopage/search-pages')
  @Public()
  @ApiOperation({ operationId: 'searchPages', summary: 'Search Books (Japanese and English words)' })
  @ApiQuery({ name: 'query', required: false })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  @ApiValidationErrors()
  search(@Query('query') query?: string, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.search(typeof query === 'string' ? query : undefined, pageWindow(count), viewer);
  }

  @Get('monopage/search-owned-pages')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'searchOwnedPages', summary: 'Search the Books the user owns or contributed to' })
  @ApiQuery({ name: 'query', required: false })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  @ApiAuthErrors()
  searchOwned(@CurrentUser() viewer: AuthUser, @Query('query') query?: string, @Query('count') count?: string): Promise<PageResponse[]> {
    return this.lists.owned(viewer, pageWindow(count), typeof query === 'string' ? query : undefined);
  }

  @Get('monopage/check-user-page-status')
  @Public()
  @ApiOperation({ operationId: 'checkUserPageStatus', summary: 'Whether the logged-in user follows and owns a Book' })
  @ApiQuery({ name: 'userId', type: Number, required: false, description: "Must be the caller's own id when given." })
  @ApiQuery({ name: 'pageId', type: Number, required: true })
  @ApiOkResponse({ type: PageStatusResponse })
  @ApiForbidden()
  @ApiNotFound()
  status(
    @Query('pageId') pageId: string | undefined,
    @Query('userId') userId: string | undefined,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<PageStatusResponse> {
    const user = userId === undefined || userId === '' || userId === 'null' || userId === 'undefined' ? undefined : parseId(userId, 'userId');
    return this.reads.status(viewer, user, parseId(pageId, 'pageId'));
  }

  @Post('owningpage')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'takeOwningPage', summary: 'Own a free Book, or one the user contributed to, with the ticket from get-page-info' })
  @ApiCreatedResponse({ type: OwnedResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async own(@CurrentUser() viewer: AuthUser, @Body() dto: OwningPageDto): Promise<OwnedResponse> {
    return { detail: Msg.ownedNow, pageId: await this.ownership.takeOwnership(viewer, dto.encrypted_pageId) };
  }

  @Get('relatedmonopage/:id')
  @Public()
  @ApiOperation({ operationId: 'listRelatedPages', summary: 'Up to 5 Books related by tags' })
  @ApiOkResponse({ type: [PageResponse] })
  @ApiNotFound()
  related(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.related(id, viewer);
  }

  @Get('owning_and_related_pages')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listOwningAndRelatedPages', summary: 'Owned Books, then Books sharing their tags' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  @ApiAuthErrors()
  ownedAndRelated(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<PageResponse[]> {
    return this.lists.ownedAndRelated(viewer, pageWindow(count));
  }

  @Get('pageccja')
  @Public()
  @ApiOperation({ operationId: 'listPagesJa', summary: 'Japanese Books, newest first' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  listJa(@Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.byLanguage('ja', pageWindow(count), viewer);
  }

  @Get('pageccen')
  @Public()
  @ApiOperation({ operationId: 'listPagesEn', summary: 'English Books, newest first' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  listEn(@Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.byLanguage('en', pageWindow(count), viewer);
  }

  @Get('newpagecc')
  @Public()
  @ApiOperation({ operationId: 'listNewPages', summary: 'All Books, newest first' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  listNew(@Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.newest(pageWindow(count), viewer);
  }

  @Get('owningpagecc')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listOwningPages', summary: 'Books the user owns or contributed to' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  @ApiAuthErrors()
  listOwned(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<PageResponse[]> {
    return this.lists.owned(viewer, pageWindow(count));
  }

  @Get('pageattribute/:id/monopages')
  @Public()
  @ApiOperation({ operationId: 'listPagesOfAttribute', summary: 'Books with a tag, newest first' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  byAttribute(@Param('id', IdParamPipe) id: number, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.byAttribute(id, pageWindow(count), viewer);
  }

  @Post('followingpage')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'followPage', summary: 'Follow a Book' })
  @ApiCreatedResponse({ type: PageFollowResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  follow(@CurrentUser() viewer: AuthUser, @Body() dto: PageIdDto): Promise<PageFollowResponse> {
    return this.follows.follow(viewer, dto.pageId);
  }

  @Get('followingpage')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listFollowingPages', summary: 'Books the user follows, latest follow first' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  @ApiAuthErrors()
  following(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<PageResponse[]> {
    return this.lists.followed(viewer, pageWindow(count));
  }

  @Delete('unfollow-page')
  @ApiSecurity('token')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'unfollowPage', summary: 'Stop following a Book' })
  @ApiQuery({ name: 'pageId', type: Number, required: true })
  @ApiNoContentResponse()
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiNotFound()
  async unfollow(@CurrentUser() viewer: AuthUser, @Query('pageId') pageId?: string): Promise<void> {
    await this.follows.unfollow(viewer, parseId(pageId, 'pageId'));
  }

  @Get('record_page_view/:user/:page')
  @Public()
  @ApiOperation({ operationId: 'recordPageView', summary: 'Count a view of a Book (once per viewer per day); user 0 for visitors' })
  @ApiOkResponse({ type: DetailResponse })
  @ApiForbidden()
  @ApiNotFound()
  async recordView(
    @Param('user') user: string,
    @Param('page', IdParamPipe) page: number,
    @Ip() ip: string,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<DetailResponse> {
    // A path segment that is not an id names nothing (404, as IdParamPipe); 0 is the visitor.
    if (!/^\d{1,10}$/.test(user) || Number(user) > PG_INT_MAX) throw notFound();
    await this.views.recordView(page, viewer, Number(user), ip);
    return { detail: Msg.viewRecorded };
  }

  @Get(':id/monopages-with-files')
  @Public()
  @ApiOperation({ operationId: 'listPagesWithFilesOfUser', summary: 'Books holding files the user uploaded' })
  @CountQuery()
  @ApiOkResponse({ type: [PageResponse] })
  withFiles(@Param('id', IdParamPipe) userId: number, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PageResponse[]> {
    return this.lists.withFilesOf(userId, pageWindow(count), viewer);
  }
}
